"""Level 7 [Escape] (rules/level7-escape.md). So far only the content: game/level7/content.py reads
game/level7/data/*.toml (docs/CONTENT.md "Level 7"). No rules engine yet, so the title is not
registered in game/titles.py."""
