"""Values from a file, as a message shows them: cut to a readable length.

A bad value goes into the sentence that names it; a 10 MB text, a list of 100,000 numbers or one nested a thousand
deep would bury that sentence (and a window's notice). Every message about a file's value, from config.yaml, the
per-user files or a game record, goes through ``shorten``.
"""

from __future__ import annotations

import reprlib
from typing import Any

_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxset = 8
_SHORT.maxdict = 6
_SHORT.maxlevel = 3


def shorten(value: Any, quote: bool = True, limit: int = 60) -> str:
    """`value` as a message shows it, cut to a readable length: its repr (reprlib's, so that nested and long
    containers are cut too), or with `quote` false a text as it is, cut to `limit` characters."""
    if isinstance(value, str) and not quote:
        return value if len(value) <= limit else f"{value[:limit - 20]}… ({len(value)} characters)"
    return _SHORT.repr(value)
