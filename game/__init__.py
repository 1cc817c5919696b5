"""Tiletop: a desktop table for tile-and-card board games, with every rule enforced."""
__version__ = "0.1.0"
