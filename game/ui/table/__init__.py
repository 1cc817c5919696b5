"""The table view: a board from maps/ drawn from a pre-rendered buffer, with hover and LOS."""
