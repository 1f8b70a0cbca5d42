"""Starting, continuing and keeping games, for the window and a headless host alike (no pygame here).

``door`` is the one way into a game (``start_game``, ``resume_game``); ``defaults`` what every new game starts
from (``config.yaml`` under the player's settings); ``books`` the bookkeeping after every change (saved, counted,
kept), which reports what happened instead of writing into a window.
"""
