"""The fit audit's fast subset (issue 43: "prove it fits"): every screen (the first start's offer and the chat of a
game on two computers among them) and the table's key states at the first windows of the smallest common screens
and of a 1920x1080 one, the smallest window, in English, Italian and French, at the largest text size, judged from
what each frame recorded it drew where (``bezique.ui.kit.drawn``): no text cut without a way to read it whole,
outside its box or the window, over another text or under a card; every button clickable. ``python -m bezique
audit`` is the whole sweep (every size up to 3840x2160, every text and card size, every variant)."""

from __future__ import annotations

import pytest

from bezique.commands.fit_audit import FAST, LANGUAGES, audit
from bezique.commands.fit_judge import Fault, Finding, judge, unclickable
from bezique.geometry import Box
from bezique.ui.kit.drawn import DrawnCard, DrawnText, FrameRecord


def faults(report) -> list[str]:
    return [f"{name}: {finding} [{cases[0]}]" for (name, finding), cases in report.faults.items()]


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_fits_at_the_first_windows_at_the_largest_text(lang: str) -> None:
    report = audit({**FAST, "languages": (lang,)}, (), only="screens")
    assert report.frames > 30 * len(FAST["sizes"])
    # the first start's offer of the lesson, and the chat of a game on two computers (hosted on 127.0.0.1, a
    # friend's client joined over a real socket) with a long line, a stranger's text and a line being typed
    assert {"menu: the first start's offer", "menu", "chat: closed, the newest lines beside its tab",
            "chat: open, a line being typed"} <= set(report.states)
    assert faults(report) == []


@pytest.mark.usefixtures("shell_data")
def test_the_two_handed_table_fits_at_the_first_windows_at_the_largest_text() -> None:
    """A deal of two-handed Bezique in every language: the stock lead, a trick in play under melds, its
    declarations, the seven, the last eight, the score log, the pause screen, the scoreboard; then the hot-seat
    curtain, the lesson, Past games and a review."""
    report = audit(FAST, ("two_handed",), only="table")
    assert report.frames > 8 * len(FAST["sizes"]) * len(LANGUAGES)
    assert faults(report) == []


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize(("variant", "lang"), [("three_handed", "it"), ("four_handed", "fr"), ("six_handed", "en")])
def test_the_tables_of_three_to_six_fit_at_the_first_windows_at_the_largest_text(variant: str, lang: str) -> None:
    """A deal of each table of several seats (a language each: the three together are the slowest of these
    tests), its states as the two-handed one's, a trick in play under the other seats' melds among them: the
    names on the trick's cards, the captions, the badges and the status all fit at the largest text."""
    report = audit({**FAST, "languages": (lang,)}, (variant,), only="deals")
    assert any("a trick of" in state for state in report.states)
    assert report.frames > 8 * len(FAST["sizes"])
    assert faults(report) == []


def text(whole: str, box: Box, drawn: str | None = None, within: Box | None = None, layer: int = 0,
         order: int = 0, px: int = 16) -> DrawnText:
    return DrawnText(whole, whole if drawn is None else drawn, box, within, px, layer, order)


def test_the_judge_finds_each_kind_of_fault() -> None:
    """The audit can fail: each fault it looks for, made on purpose, is found (and a frame without one passes)."""
    size = (400, 300)
    fine = FrameRecord([text("Score", Box(10, 10, 60, 20)), text("Deal", Box(10, 30, 60, 20))])
    assert judge(fine, size) == []
    frame = FrameRecord(
        texts=[text("A long name", Box(10, 10, 50, 20), drawn="A lo…"),  # cut
               text("Outside", Box(100, 100, 120, 20), within=Box(100, 100, 60, 20)),  # wider than its box
               text("Off", Box(380, 10, 60, 20)),  # leaves the window
               text("Tiny", Box(10, 200, 30, 10), px=9),  # below the readable minimum
               text("One", Box(200, 200, 60, 20)), text("Two", Box(220, 204, 60, 20)),  # over each other
               text("Under", Box(10, 250, 60, 20), order=1),  # a card drawn after it covers it
               text("Above", Box(300, 250, 60, 20), layer=1, order=3)],  # over a dimmed card: fine
        cards=[DrawnCard(Box(20, 240, 40, 56), 0, 2), DrawnCard(Box(300, 240, 40, 56), 0, 2)])
    found = {(f.fault, f.text) for f in judge(frame, size)}
    assert found == {(Fault.CUT, "A long name"), (Fault.OUTSIDE, "Outside"), (Fault.OFF_WINDOW, "Off"),
                     (Fault.SMALL, "Tiny"), (Fault.OVER_TEXT, "One"), (Fault.UNDER_CARD, "Under")}
    assert unclickable({"ok": Box(10, 10, 50, 20), "off": Box(390, 10, 50, 20)}, size) == [
        Finding(Fault.UNREACHABLE, "off", "by the mouse: off the window", Box(390, 10, 50, 20))]
    assert [f.text for f in unclickable({"a": Box(10, 10, 50, 20), "b": Box(30, 10, 50, 20)}, size)] == ["a"]


@pytest.mark.usefixtures("shell_data")
def test_the_four_handed_table_fits_at_the_smallest_text_and_the_largest_cards() -> None:
    """The whole sweep's faults, kept found: at the small text size the type stops shrinking at the readable
    minimum while the window's scale goes on, so the four-handed status's keys' hint was cut (fr, it) and the
    Italian seven's row too; at the largest cards the declaration was squeezed until Declare lay over Exchange."""
    report = audit({"sizes": ((1088, 640), (1161, 653)), "languages": ("it", "fr"), "text_sizes": ("small",),
                    "card_sizes": ("normal",)}, ("four_handed",), only="deals")
    assert faults(report) == []
    report = audit({"sizes": ((1280, 720),), "languages": ("en",), "text_sizes": ("larger",),
                    "card_sizes": ("larger",)}, ("four_handed",), only="deals")
    assert faults(report) == []
