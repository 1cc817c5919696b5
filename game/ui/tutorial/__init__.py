"""The tutorial on screen: the lesson list and the overlay on the real Gears table."""
