"""Tiled maps -> Board, and the questions asked of a board (headless, exact, no pygame).

model.py     the Board contract (areas, lines, doors, cover, markers, connectors, grid)
tmx.py       load_board(path) -> Board, following docs/MAPS.md; MapError on any problem
compose.py   pieces placed (offset, quarter turns, flips) into one Board; Gears exit placement
distance.py  movement / range distances by BFS (Gears areas, Doom king moves)
checks.py    check_board(board) for `python -m game check-map`, and exact polygon helpers
los.py       Gears line of sight (areas, cover points); gridlos.py Doom centre-to-centre LOS
commands.py  `python -m game los` and `python -m game check-map`

Modules are imported one by one (this file imports nothing) so that using the model does not
pull in pytmx.
"""
