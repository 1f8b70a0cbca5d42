"""Two words the table's drawing still imports from here (``draw.py``'s ``suit_word``, ``meld_chips.py``'s
``score_name``): they are ``bezique.presenter.words``'s, where every other module imports them from. This module
goes when those two imports point there too."""

from __future__ import annotations

from bezique.presenter.words import score_name, suit_word

__all__ = ["score_name", "suit_word"]
