"""The table without pixels: the game session, what the table shows and where it goes. Never imports pygame."""
