"""The statistics as data: per-variant tallies, records and streaks, their JSON form, and the checks that read a
file back (each problem one line naming the key, so ``bezique.persist.stats`` can set the file aside and say why).
Version 1 files (everything together) are read: their records go to the variant and level they name, their tallies
to ``EARLIER`` ("earlier games, all variants"). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bezique.persist.storage import MAX_COUNT, is_count, is_whole
from bezique.shown import shorten

FORMAT = "bezique-stats"
VERSION = 2
EARLIER = "earlier"  # the variant of version 1's tallies, which did not say which variant they counted


@dataclass
class Tally:
    games: int = 0  # finished games
    wins: int = 0
    losses: int = 0
    draws: int = 0
    abandoned: int = 0  # replaced by a new game before the end (not in `games`)

    @property
    def win_rate(self) -> float | None:
        """Wins per finished game from 0.0 to 1.0, or None before the first game."""
        return self.wins / self.games if self.games else None

    def add(self, other: Tally) -> None:
        for name in ("games", "wins", "losses", "draws", "abandoned"):
            setattr(self, name, getattr(self, name) + getattr(other, name))


@dataclass
class VariantStats:
    """One variant's games against the computer, its records per level and its streaks."""

    by_level: dict[str, Tally] = field(default_factory=dict)  # computer games without hints
    assisted_by_level: dict[str, Tally] = field(default_factory=dict)  # computer games with hints
    best_deal: dict[str, dict[str, Any]] = field(default_factory=dict)  # level -> {"points", "date"}
    biggest_meld: dict[str, dict[str, Any]] = field(default_factory=dict)  # level -> {"kind", "points", "date"}
    current_streak: int = 0
    best_streak: int = 0

    def best(self, which: str) -> tuple[str, dict[str, Any]] | None:
        """The variant's record over all levels ("best_deal" or "biggest_meld"): (level, record), or None."""
        records: dict[str, dict[str, Any]] = getattr(self, which)
        if not records:
            return None
        level = max(records, key=lambda lv: records[lv]["points"])
        return level, records[level]

    def to_dict(self) -> dict[str, Any]:
        return {"by_level": {k: vars(v).copy() for k, v in self.by_level.items()},
                "assisted_by_level": {k: vars(v).copy() for k, v in self.assisted_by_level.items()},
                "best_deal": self.best_deal, "biggest_meld": self.biggest_meld,
                "current_streak": self.current_streak, "best_streak": self.best_streak}

    @classmethod
    def from_dict(cls, doc: Any, where: str) -> VariantStats:
        if not isinstance(doc, dict):
            raise ValueError(f"{where}: expected an object")
        unknown = sorted(set(doc) - set(cls.__dataclass_fields__))
        if unknown:
            raise ValueError(f"{where}.{shorten(unknown[0], quote=False)}: unknown key")
        return cls(by_level=_tallies(doc.get("by_level", {}), f"{where}.by_level"),
                   assisted_by_level=_tallies(doc.get("assisted_by_level", {}), f"{where}.assisted_by_level"),
                   best_deal=_bests(doc.get("best_deal", {}), f"{where}.best_deal", ("points",)),
                   biggest_meld=_bests(doc.get("biggest_meld", {}), f"{where}.biggest_meld", ("points", "kind")),
                   current_streak=_number(doc.get("current_streak", 0), f"{where}.current_streak"),
                   best_streak=_number(doc.get("best_streak", 0), f"{where}.best_streak"))


@dataclass
class Stats:
    variants: dict[str, VariantStats] = field(default_factory=dict)
    hotseat: Tally = field(default_factory=Tally)  # games and draws only: both players are the user
    recorded_games: list[str] = field(default_factory=list)  # game ids already counted, newest last

    def variant(self, name: str) -> VariantStats:
        """`name`'s statistics (empty ones, not stored, for a variant not played yet)."""
        return self.variants.get(name) or VariantStats()

    def total(self, assisted: bool = False) -> Tally:
        """All variants and levels together (assisted or not)."""
        out = Tally()
        for v in self.variants.values():
            for tally in (v.assisted_by_level if assisted else v.by_level).values():
                out.add(tally)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION,
                "variants": {k: v.to_dict() for k, v in self.variants.items()},
                "hotseat": vars(self.hotseat).copy(), "recorded_games": self.recorded_games}

    @classmethod
    def from_dict(cls, doc: Any) -> Stats:
        """Raises ValueError with one line saying what is wrong (the caller sets the file aside)."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError("not a Bezique statistics file")
        version = doc.get("version")
        if not is_whole(version) or version < 1:
            raise ValueError(f"version: expected a whole number, found {shorten(version)}")
        if version == 1:
            return _from_version_1(doc)
        unknown = sorted(set(doc) - {"format", "version", *cls.__dataclass_fields__})
        if unknown:
            raise ValueError(f"{shorten(unknown[0], quote=False)}: unknown key")
        variants = doc.get("variants", {})
        if not isinstance(variants, dict):
            raise ValueError("variants: expected an object of variants")
        return cls(variants={str(k): VariantStats.from_dict(v, f"variants.{shorten(k, quote=False)}")
                             for k, v in variants.items()},
                   hotseat=_tally(doc.get("hotseat", {}), "hotseat"),
                   recorded_games=_ids(doc.get("recorded_games", [])))


V1_KEYS = {"by_level", "assisted_by_level", "hotseat", "best_deal", "biggest_meld", "current_streak", "best_streak",
           "recorded_games"}


def _from_version_1(doc: dict[str, Any]) -> Stats:
    """A version 1 file: the tallies and streaks under ``EARLIER``, each record under its variant and level."""
    unknown = sorted(set(doc) - {"format", "version", *V1_KEYS})
    if unknown:
        raise ValueError(f"{shorten(unknown[0], quote=False)}: unknown key")
    earlier = VariantStats(by_level=_tallies(doc.get("by_level", {}), "by_level"),
                           assisted_by_level=_tallies(doc.get("assisted_by_level", {}), "assisted_by_level"),
                           current_streak=_number(doc.get("current_streak", 0), "current_streak"),
                           best_streak=_number(doc.get("best_streak", 0), "best_streak"))
    out = Stats(hotseat=_tally(doc.get("hotseat", {}), "hotseat"), recorded_games=_ids(doc.get("recorded_games", [])))
    if earlier.by_level or earlier.assisted_by_level or earlier.best_streak:
        out.variants[EARLIER] = earlier
    for which, needed in (("best_deal", ("points",)), ("biggest_meld", ("points", "kind"))):
        record = _best(doc.get(which), which, needed)
        if record is not None:
            variant, level = str(record.pop("variant", EARLIER)), str(record.pop("level", "?"))
            getattr(out.variants.setdefault(variant, VariantStats()), which)[level] = record
    return out


def _number(value: Any, where: str) -> int:
    if not is_count(value):
        raise ValueError(f"{where}: expected a whole number from 0 to {MAX_COUNT}, found {shorten(value)}")
    return value


def _tally(value: Any, where: str) -> Tally:
    if not isinstance(value, dict) or set(value) - {"games", "wins", "losses", "draws", "abandoned"}:
        raise ValueError(f"{where}: expected games, wins, losses, draws and abandoned")
    tally = Tally(**{k: _number(v, f"{where}.{k}") for k, v in value.items()})
    if tally.wins + tally.losses + tally.draws > tally.games:
        raise ValueError(f"{where}: more results than games")
    return tally


def _tallies(value: Any, where: str) -> dict[str, Tally]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected an object of levels")
    return {str(k): _tally(v, f"{where}.{shorten(k, quote=False)}") for k, v in value.items()}


def _best(value: Any, where: str, needed: tuple[str, ...]) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or any(k not in value for k in needed):
        raise ValueError(f"{where}: expected an object with {', '.join(needed)}")
    _number(value["points"], f"{where}.points")
    if "kind" in needed and not isinstance(value["kind"], str):
        raise ValueError(f"{where}.kind: expected a meld id")
    return dict(value)


def _bests(value: Any, where: str, needed: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected an object of levels")
    out = {}
    for level, record in value.items():
        best = _best(record, f"{where}.{shorten(level, quote=False)}", needed)
        if best is not None:
            out[str(level)] = best
    return out


def _ids(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("recorded_games: expected a list of game ids")
    return list(value)
