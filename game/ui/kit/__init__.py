"""The table pieces every title shares (docs/ARCHITECTURE.md, game/ui): a title's screens
compose these instead of copying another title's code.

game_table.GameTable   the table scene base: session, seats, acting, autosave, saves, undo,
                       bots, animations, handoff, end panel, toolbar, prompt, side panel
setup_screen.SetupScreen  the set-up screen frame: seats, options, seed, load list, start
saves.SaveStore        autosave, named saves and the checked list of saves, per title key
load_list              the "Load a game" rows, damaged saves with the engine's message
seats                  seat colours, fresh seeds, the editable seed field
hand                   card faces, the row of cards, hover, the enlarged card
dice_tray              dice that roll visibly; exact-odds bars of a Fraction distribution
log_panel, ai_panel    the log; the AI card and its reasons
handoff, end_screen    the hot-seat handoff card; Victory / Defeat with New game, Main menu
watch                  watch mode: bots play, screenshots every K frames
"""
