"""The hazards a hostile peer puts in a message's fields, as JSON text (a lone surrogate, NaN and a number of four
hundred digits are valid JSON, or what Python's reader takes for it), and the way a case is written: an honest
message with one field replaced by a hazard, taken away, or an unknown key put beside it.

Shared by the tests of both directions (``test_hostile_fields``): the host reading a friend, a window reading the
host, each against the same list."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

MARK = "\u0000hazard\u0000"  # stands in a document for the hazard's JSON text until the text is made

HAZARDS: dict[str, str] = {  # name -> the field's value as JSON text
    "nul": '"a\\u0000b"',
    "lone_surrogate": '"x\\ud800"',
    "bidi_override": '"Eve\\u202e"',
    "escape_codes": '"\\u001b[2J\\u001b[31mred"',
    "huge_text": '"' + "x" * (1 << 20) + '"',
    "huge_number": "1" + "0" * 400,
    "float": "1.5",
    "nan": "NaN",
    "infinity": "Infinity",
    "true": "true",
    "negative": "-1",
    "deep": "[" * 10_000 + "]" * 10_000,
    "deep_in_bounds": "[" * 1_500 + "]" * 1_500,  # within a friend's 4096 bytes, deeper than Python's stack
    "wrong_type": '["a"]',
}
MISSING = "missing"  # the field taken away
EXTRA = "extra"  # an unknown key put beside the field, named with escape codes and a bidi override
EXTRA_KEY = "\u001b[2J\u202eowned"
SHAPES = (*HAZARDS, MISSING, EXTRA)
CHAT_CLEANED = ("nul", "bidi_override", "escape_codes")  # what a chat line has cleaned out (a surrogate: refused)


def field_paths(doc: Any, path: tuple[Any, ...] = (), first_only: bool = True) -> Iterator[tuple[Any, ...]]:
    """Every field of `doc` below its top (of a list, its first item only when `first_only`)."""
    if isinstance(doc, dict):
        items: Any = doc.items()
    elif isinstance(doc, list):
        items = list(enumerate(doc))[:1] if first_only else enumerate(doc)
    else:
        return
    for key, value in items:
        yield (*path, key)
        yield from field_paths(value, (*path, key), first_only)


def cases(doc: Any) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every (field, shape) of `doc`: each field made each hazard and taken away, and one unknown key put in each
    object (beside its first field)."""
    objects: set[tuple[Any, ...]] = set()
    for path in field_paths(doc):
        for shape in SHAPES:
            if shape in (MISSING, EXTRA) and isinstance(path[-1], int):
                continue  # a list's item: nothing to take away by name, no key to put beside it
            if shape == EXTRA and path[:-1] in objects:
                continue
            if shape == EXTRA:
                objects.add(path[:-1])
            yield path, shape


def with_hazard(doc: dict[str, Any], path: tuple[Any, ...], shape: str) -> str | None:
    """`doc` as JSON text with the field at `path` made `shape`; None where that shape has no meaning (a list's
    item cannot be taken away by name)."""
    copy = json.loads(json.dumps(doc))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if shape == MISSING:
        if not isinstance(parent, dict):
            return None
        del parent[last]
        return json.dumps(copy)
    if shape == EXTRA:
        if not isinstance(parent, dict):
            return None
        parent[EXTRA_KEY] = 1
        return json.dumps(copy)
    parent[last] = MARK
    return json.dumps(copy).replace(json.dumps(MARK), HAZARDS[shape])


def told_safely(text: str) -> bool:
    """Whether `text` (a refusal's detail, a log line) holds nothing raw a peer could have put there: every
    character printable, and no combining mark that could pile up (a traceback's line breaks are its own)."""
    return all(ch.isprintable() or ch == "\n" for ch in text)
