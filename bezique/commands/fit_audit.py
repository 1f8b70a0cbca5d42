"""``python -m bezique audit``: prove that every screen fits (issue 43). The window (headless) tours every screen
and the table's key states (``bezique.ui.fit_tour``) and, at each, draws a frame at every window size, language,
text size and card size asked for, judging each frame's record of what it drew where (``fit_judge``): a
text cut without a way to read it whole, outside its box or the window, below the readable minimum, over another
text or under a card, and an action whose button cannot be clicked. It prints each fault once with the cases it was
seen in, then ``audit: N frames, M faults``, and exits 1 when there is any.

The default sweep is the whole one: window sizes from 1024x600 to 3840x2160 (with the first windows the game opens
on 1280x720, 1366x768, 1536x864 and 1920x1080 screens, ``app.first_size``), English, Italian and French, every text
size, every card size at the table, every variant the window seats. ``--fast`` is the tests' subset. It runs in a
folder of its own (``$BEZIQUE_DATA_DIR``), so the player's saves, settings and statistics are never touched.
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import os
import tempfile
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypedDict

from bezique.commands.fit_judge import Fault, Finding, judge, unclickable

SCREENS = ((1280, 720), (1366, 768), (1536, 864), (1920, 1080))  # common screens: their first windows are swept
SIZES = ((1024, 600), (1024, 640), (1280, 720), (1280, 1024), (2560, 1440), (3840, 2160))
LANGUAGES = ("en", "it", "fr")
TEXT_SIZES = ("small", "normal", "large", "larger")
CARD_SIZES = ("normal", "large", "larger")


class Sweep(TypedDict):
    """What a run sweeps: every window size, language, text size and card size, all combined."""

    sizes: Sequence[tuple[int, int]]
    languages: Sequence[str]
    text_sizes: Sequence[str]
    card_sizes: Sequence[str]


FAST: Sweep = {"sizes": ((1024, 600), (1088, 640), (1632, 918)), "languages": LANGUAGES, "text_sizes": ("larger",),
               "card_sizes": ("normal",)}


@dataclasses.dataclass(frozen=True)
class Case:
    size: tuple[int, int]
    lang: str
    text_size: str
    card_size: str

    def __str__(self) -> str:
        return f"{self.size[0]}x{self.size[1]} {self.lang} text {self.text_size} cards {self.card_size}"


def window_size(text: str) -> tuple[int, int]:
    """A window size typed as ``WIDTHxHEIGHT`` for ``--size``: anything else is refused by name."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size such as 1280x720") from None
    return width, height


def all_sizes() -> list[tuple[int, int]]:
    """The swept window sizes, the first windows of the common screens among them, smallest first."""
    from bezique.ui.app import first_size
    return sorted({*SIZES, *(first_size(screen) for screen in SCREENS)})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--fast", action="store_true", help="the tests' subset: three sizes, three languages, "
                                                            "the largest text")
    parser.add_argument("--size", action="append", type=window_size, help="a window size WxH to sweep (default: all)")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="a language (default: all)")
    parser.add_argument("--text-size", action="append", choices=TEXT_SIZES, help="a text size (default: all)")
    parser.add_argument("--card-size", action="append", choices=CARD_SIZES, help="a card size (default: all)")
    parser.add_argument("--variant", action="append", help="a variant to play at the table (default: all)")
    parser.add_argument("--only", choices=("screens", "table", "deals"),
                        help="only the screens, only the table, or only the variants' deals (without the curtain, "
                             "the lesson and the review)")
    parser.add_argument("--shots", type=Path, help="save a picture of each frame with a fault in this folder")


def run(args: argparse.Namespace) -> int:
    sizes = list(args.size) if args.size else \
        list(FAST["sizes"]) if args.fast else all_sizes()
    sweep: Sweep = {"sizes": sizes, "languages": args.lang or LANGUAGES,
             "text_sizes": args.text_size or (FAST["text_sizes"] if args.fast else TEXT_SIZES),
             "card_sizes": args.card_size or (FAST["card_sizes"] if args.fast else CARD_SIZES)}
    from bezique.presenter.setup import SEATABLE_VARIANTS
    variants = args.variant or list(SEATABLE_VARIANTS)
    # a save the window was still writing as it closed must not fail the audit at its very end
    with tempfile.TemporaryDirectory(prefix="bezique-audit-", ignore_cleanup_errors=True) as folder:
        os.environ["BEZIQUE_DATA_DIR"] = folder
        report = audit(sweep, variants, args.only, args.shots)
    for (name, finding), cases in report.faults.items():
        shown = ", ".join(str(c) for c in cases[:3]) + (f" and {len(cases) - 3} more" if len(cases) > 3 else "")
        print(f"{name}: {finding}  [{shown}]")
    print(f"audit: {report.frames} frames, {len(report.faults)} faults")
    return 1 if report.faults else 0


@dataclasses.dataclass
class Report:
    frames: int = 0
    faults: dict[tuple[str, Finding], list[Case]] = dataclasses.field(default_factory=lambda: defaultdict(list))
    states: list[str] = dataclasses.field(default_factory=list)  # each state judged, once, in the tour's order

    def add(self, name: str, case: Case, findings: Iterable[Finding]) -> None:
        self.frames += 1
        if name not in self.states:
            self.states.append(name)
        for finding in findings:
            self.faults[(name, dataclasses.replace(finding, where=None))].append(case)


def audit(sweep: Sweep, variants: Sequence[str], only: str | None = None,
          shots: Path | None = None) -> Report:
    """Tour the window and judge every state at every case of `sweep`; what was found."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from bezique.ui import fit_chat, fit_tour
    report = Report()
    base = Case(sweep["sizes"][0], sweep["languages"][0], "normal", "normal")
    window = fit_tour.Window(base.size, base.lang)

    def look(name: str) -> None:
        """The state `name` judged at every case of the sweep, then put back at the base case."""
        cards = sweep["card_sizes"] if window.at_table() else ("normal",)
        for size, lang, text_size, card_size in itertools.product(sweep["sizes"], sweep["languages"],
                                                                  sweep["text_sizes"], cards):
            case = Case(size, lang, text_size, card_size)
            window.put(case.size, lang, text_size, card_size)
            frame, actions = window.frame()
            findings = judge(frame, case.size) + unclickable(actions, case.size) + [
                Finding(Fault.UNREACHABLE, action, "by the keys") for action in window.unreached_by_keys()]
            report.add(name, case, findings)
            if findings and shots is not None:
                window.save(shots / ("".join(c if c.isalnum() else "_" for c in f"{name} {case}") + ".png"))
        window.put(base.size, base.lang, base.text_size, base.card_size)

    shell = window.shell
    if only not in ("table", "deals"):
        fit_tour.screens(shell, look)
        fit_chat.chat(shell, look)
    if only != "screens":
        for variant in variants:
            fit_tour.table_states(shell, look, variant)
    if only in (None, "table"):
        fit_tour.curtain(shell, look)
        fit_tour.lesson(shell, look)
        fit_tour.review(shell, look)
    window.close()
    return report
