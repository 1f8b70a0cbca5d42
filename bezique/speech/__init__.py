"""Speech for players who cannot see the screen: the system's voice or screen reader, and the speech log.

Game-free: ``Voice`` says lines; the words are built elsewhere (``bezique.presenter.narration`` for the table,
each screen for its focus). The voice itself is the optional ``speech`` extra (``speechlight``); without it the
game runs as before and says why speech is off.
"""

from bezique.speech.backend import Backend, Found, find_voice
from bezique.speech.voice import LOG_ENV, RATES, VERBOSITY, Voice

__all__ = ["LOG_ENV", "RATES", "VERBOSITY", "Backend", "Found", "Voice", "find_voice"]
