"""Gears of War on screen: set-up, the table, reactions, AI cards, hot-seat, end, watch mode."""
