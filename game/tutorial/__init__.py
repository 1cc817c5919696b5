"""Tutorial mode: lessons (TOML scripts) played on the real rules engine (docs/TUTORIAL.md).

Pure Python, no pygame: the overlay in game/ui/tutorial draws what a LessonRunner says."""
