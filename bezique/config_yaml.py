"""Reading config.yaml's YAML so that no text can crash or stall the game.

PyYAML's safe loader, with two guards. Values it recognises but cannot convert (``variant: 2024-13-45`` is a date
of month 13, ``!!int abc``, a 5000-digit number beyond Python's limit) raise a plain ValueError out of the whole
file; here they stay in the data as ``Unconvertible`` so that ``config.py`` names the key with its usual message.
And aliases are counted as they expand, so that an alias bomb ("billion laughs") is refused while it is composed.
Duplicate keys, which PyYAML silently resolves to the later value, are listed so that they can be said.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

from bezique.shown import shorten

MAX_YAML_VALUES = 200_000  # values in the file once every alias (*name) is expanded: room for long rule lists


class _TooBig(yaml.YAMLError):
    """The file would expand beyond MAX_YAML_VALUES (an alias bomb, "billion laughs")."""


class Unconvertible:
    """A scalar PyYAML recognised (a date, a tagged ``!!int``) but could not convert; it stays in the data as
    itself, so the key's own check refuses it with the usual message instead of the whole file failing."""

    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind = kind
        self.text = text

    def __repr__(self) -> str:
        return f"{shorten(self.text, quote=False)} (not a valid {self.kind})"


# what PyYAML's scalar constructors raise for text they cannot convert (int('abc'), date(2024, 13, 45), ...)
_CONVERSION_ERRORS = (ValueError, TypeError, AttributeError, LookupError)


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, counting values as aliases expand them.

    PyYAML shares an aliased value rather than copying it, but any code walking the result (a check, a message)
    sees it expanded: ten aliases of ten aliases … make a billion values out of a few lines.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.values = 0
        self.sizes: dict[int, int] = {}

    def compose_node(self, parent: Any, index: Any) -> Any:
        alias = self.check_event(yaml.AliasEvent)
        before = self.values
        node = super().compose_node(parent, index)
        if alias:
            self.values += self.sizes.get(id(node), 1)
        else:
            self.values += 1
            self.sizes[id(node)] = self.values - before
        if self.values > MAX_YAML_VALUES:
            raise _TooBig(f"more than {MAX_YAML_VALUES} values once aliases are expanded")
        return node


def _tolerant(kind: str) -> Callable[[Any, Any], Any]:
    original = yaml.SafeLoader.yaml_constructors[f"tag:yaml.org,2002:{kind}"]

    def construct(loader: Any, node: Any) -> Any:
        try:
            return original(loader, node)
        except _CONVERSION_ERRORS:
            return Unconvertible(kind, str(node.value))

    return construct


for _kind_name in ("int", "float", "bool", "timestamp"):
    _BoundedLoader.add_constructor(f"tag:yaml.org,2002:{_kind_name}", _tolerant(_kind_name))


def parse_yaml(text: str) -> tuple[Any, list[tuple[str, int, int]]]:
    """The YAML document in `text` and its duplicate keys as (dotted key, first line, repeated line), lines
    1-based. Raises yaml.YAMLError (beyond MAX_YAML_VALUES too) and RecursionError (nested too deeply)."""
    loader = _BoundedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, []
        duplicates: list[tuple[str, int, int]] = []
        _find_duplicates(node, "", duplicates, set())
        return loader.construct_document(node), duplicates
    finally:
        loader.dispose()


def _find_duplicates(node: Any, section: str, found: list[tuple[str, int, int]], seen: set[int]) -> None:
    """Add (dotted key, first line, repeated line) for each key set twice in a mapping of mappings; PyYAML keeps
    the later value without a word. Each node once (aliases share nodes, and may even contain themselves)."""
    if not isinstance(node, yaml.MappingNode) or id(node) in seen:
        return
    seen.add(id(node))
    first: dict[str, int] = {}
    for key_node, value_node in node.value:
        if not isinstance(key_node, yaml.ScalarNode):
            continue
        dotted = f"{section}.{key_node.value}" if section else str(key_node.value)
        line = key_node.start_mark.line + 1
        if key_node.value in first:
            found.append((dotted, first[key_node.value], line))
        else:
            first[key_node.value] = line
        _find_duplicates(value_node, dotted, found, seen)
