"""The one builder of the window (``bezique.ui.scenes.start``) and what it seats: the variants derived from the rules
and the layout, the size typed on the command line, and the bare window's host (demo, tests, benchmark)."""

from __future__ import annotations

import dataclasses

import pytest

from bezique.config import Config, load_config
from bezique.presenter.layout import LAID_OUT_PLAYERS, Layout, parse_size
from bezique.presenter.setup import FALLBACK_VARIANT, SEATABLE_VARIANTS, seatable_variant, target_choices
from bezique.rules import VARIANTS, make_ruleset
from bezique.ui.bare import BareTable, open_table
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import PauseOverlay
from bezique.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("pygame_quit")


def test_the_seatable_variants_are_the_rules_variants_the_layout_can_seat():
    assert SEATABLE_VARIANTS == VARIANTS  # six-handed too, now that the layout seats six
    assert {make_ruleset(v, {}).players for v in VARIANTS} == set(LAID_OUT_PLAYERS)
    for variant in SEATABLE_VARIANTS:
        players = make_ruleset(variant, {}).players
        assert Layout.for_size(1280, 720, players).players == players
        assert target_choices(variant)


@pytest.mark.parametrize(("text", "size"), [("1600x900", (1600, 900)), ("1600X900", (1600, 900)),
                                            ("100x100", (320, 240)), ("big", (1280, 720)), ("1x2x3", (1280, 720)),
                                            ("", (1280, 720))])
def test_a_typed_window_size_is_read_or_falls_back(text, size):
    assert parse_size(text) == size


def test_the_commands_offer_the_seatable_variants():
    import argparse

    from bezique.commands import demo, play
    for command in (play, demo):
        parser = argparse.ArgumentParser()
        command.add_arguments(parser)
        variant = next(a for a in parser._actions if a.dest == "variant")
        assert tuple(variant.choices) == SEATABLE_VARIANTS


def test_a_bare_window_deals_a_new_game_after_one_and_closes_instead_of_a_menu():
    app, table = open_table(Config(), ["a config problem"], size=(1280, 720), seed=4, fullscreen=False,
                            computer_pace="instant", language="en")
    host = table.host
    assert isinstance(host, BareTable) and not host.keeps_games
    assert table.opt.problems == ["a config problem"] and table.session.seed == 4
    app.tick(1 / 60)
    host.new_game_screen()  # "New game" on the last scoreboard
    fresh = app.stack.top
    assert isinstance(fresh, TableScene) and fresh is not table and app.stack.scenes == [fresh]
    assert fresh.host is host and fresh.opt.problems == []  # the problems were shown once
    assert fresh.session.rules.players == table.session.rules.players
    app.tick(1 / 60)
    host.open_menu()  # "Menu": a bare window has none, it closes
    assert not app.running and not app.stack.scenes


def test_a_bare_windows_pause_menu_offers_how_to_play_and_quit():
    app, table = open_table(Config(), [], size=(1280, 720), seed=2, fullscreen=False, computer_pace="instant",
                            language="en")
    app.tick(1 / 60)
    table.open_pause()
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    assert [b.action for b in pause._buttons()] == ["resume", "howto", "quit"]


def test_config_and_new_game_fall_back_to_the_same_variant(monkeypatch, tmp_path):
    """A variant the window cannot seat is played as ``FALLBACK_VARIANT`` by the config's reader and by New game's
    starting point alike: both ask ``seatable_variant``, so they cannot disagree."""
    from bezique.games import defaults as start
    from bezique.presenter import setup

    assert seatable_variant("rubicon") == "rubicon" and seatable_variant("nine_handed") == FALLBACK_VARIANT
    monkeypatch.setattr(setup, "SEATABLE_VARIANTS", tuple(v for v in VARIANTS if v != "rubicon"))
    path = tmp_path / "config.yaml"
    path.write_text("variant: rubicon\n", encoding="utf-8")
    monkeypatch.setattr(start, "load_config", lambda: load_config(path))
    config, problems = start.load_config_settings()
    assert config.variant == config.rules.variant == FALLBACK_VARIANT
    assert problems == [f"variant 'rubicon' is not playable in the window yet; playing {FALLBACK_VARIANT}"]
    assert seatable_variant("rubicon") == FALLBACK_VARIANT
    monkeypatch.setenv("BEZIQUE_DATA_DIR", str(tmp_path / "data"))
    shell = Shell.create(size=(1280, 720), fullscreen=False)
    shell.config = dataclasses.replace(shell.config, variant="rubicon", rules=make_ruleset("rubicon", {}))
    assert shell.default_setup().variant == FALLBACK_VARIANT
