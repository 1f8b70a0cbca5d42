"""The deal's pace, on the table's stepped animation clock (no wall clock): every variant is dealt within its limit
at the normal speed (two-handed 2.5 s, six-handed 4 s), at the first windows' sizes too; a click or a key deals the
rest at once; the packets still go one after another as the dealer deals them."""

from __future__ import annotations

import itertools

import pygame
import pytest
from ui_driver import DT, click, key

from bezique.rules import VARIANTS
from bezique.ui.pace_bench import DEAL_LIMITS, open_dealing_table, seconds_to_deal
from bezique.ui.table.deal_pace import DEAL_KINDS

pytestmark = pytest.mark.usefixtures("pygame_quit")


def _dealt(table) -> bool:
    """Every seat holds its hand, the stock (and turn-up) is laid, and no card is in the air."""
    stage, rules = table.stage, table.session.rules
    model = stage.model
    return (all(len(model.hands[seat]) == rules.hand_size for seat in range(rules.players))
            and bool(model.stock) and not model.deck
            and not any(e.kind in DEAL_KINDS for e in stage.queue)
            and not any(s.tween is not None or s.flip is not None for s in stage.sprites.values()))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_is_dealt_within_its_limit(variant):
    app, table = open_dealing_table(variant, "normal", (1280, 720))
    seconds = seconds_to_deal(app, table)
    assert _dealt(table)
    assert 1.0 < seconds <= DEAL_LIMITS[table.session.rules.players], seconds  # quick, yet seen being dealt
    table.turns.worker.cancel()


@pytest.mark.parametrize("size", [(1088, 640), (1920, 1080)])
@pytest.mark.parametrize("variant", ["two_handed", "six_handed"])
def test_the_first_windows_deal_as_quickly(variant, size):
    app, table = open_dealing_table(variant, "normal", size)
    assert seconds_to_deal(app, table) <= DEAL_LIMITS[table.session.rules.players]
    table.turns.worker.cancel()


def test_slow_takes_longer_and_fast_less():
    times = {}
    for speed in ("slow", "normal", "fast"):
        app, table = open_dealing_table("two_handed", speed)
        times[speed] = seconds_to_deal(app, table)
        table.turns.worker.cancel()
    assert times["fast"] < times["normal"] < times["slow"]


def test_the_packets_go_one_after_another():
    """The dealer's pattern (3, 2, 3) is kept: the hands grow a packet at a time, each seat in turn."""
    app, table = open_dealing_table("two_handed", "normal")
    model, seen = table.stage.model, []
    while table.stage.dealing():
        counts = (len(model.hands[0]), len(model.hands[1]))
        if not seen or seen[-1] != counts:
            seen.append(counts)
        app.tick(DT)
    grown = [b[0] - a[0] + b[1] - a[1] for a, b in itertools.pairwise(seen)]
    assert grown[:6] == [3, 3, 2, 2, 3, 3]
    table.turns.worker.cancel()


@pytest.mark.parametrize("how", ["click", "space", "enter"])
@pytest.mark.parametrize("variant", ["two_handed", "six_handed", "chinese"])
def test_a_click_or_a_key_deals_the_rest_at_once(variant, how):
    app, table = open_dealing_table(variant, "normal")
    for _ in range(20):
        app.tick(DT)
    assert table.stage.dealing() and not _dealt(table)
    L = table.stage.layout
    if how == "click":
        click(app, (L.trick.cx, L.trick.cy))
    else:
        key(app, pygame.K_SPACE if how == "space" else pygame.K_RETURN)
    assert _dealt(table)
    assert not table.stage.dealing()
    assert table.stage.sync_errors == 0
    table.turns.worker.cancel()


def test_a_click_during_the_cut_goes_on_to_the_deal():
    from bezique.config import Config
    from bezique.ui.bare import open_table
    app, table = open_table(Config(), [], seed=3, fullscreen=False, animation_speed="normal",
                            computer_pace="instant", language="en")
    app.tick(DT)
    assert table.stage.cut_timer > 0
    click(app, (table.stage.layout.trick.cx, table.stage.layout.trick.cy))
    app.tick(DT)
    assert table.stage.cut_timer <= 0 and (bool(table.stage.queue) or table.stage.dealing())
    table.turns.worker.cancel()


@pytest.mark.parametrize("pause", ["short", "normal", "long"])
def test_a_finished_trick_stays_as_long_as_the_setting_says_its_winner_marked(pause):
    from bezique.ui.kit.tween import TRICK_PAUSE
    from bezique.ui.pace_bench import seconds_trick_on_show

    assert seconds_trick_on_show(pause) == pytest.approx(TRICK_PAUSE[pause], abs=3 * DT)
