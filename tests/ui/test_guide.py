"""The guided first deal in the real window, driven with real pygame events (issue 18, part 1): offered on the first
start, taken from the menu, played to its end by following the coach's pointer (its tips coming in the lesson's
order), left with Esc at any moment, and leaving the saved game and the statistics as they were."""

from __future__ import annotations

import dataclasses
import json
import random

import pygame
import pytest
from ui_driver import DT, click, finish_thinking, key, point_on, table_of

from bezique.persist import saves, stats, user_settings
from bezique.presenter.guide import coach_box
from bezique.presenter.layout import Layout
from bezique.presenter.setup import GameSetup
from bezique.rules import Phase, legal_actions
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.shell import Shell
from bezique.ui.table.guide_end import TEXT_TOP, LessonEnd
from bezique.ui.table.scene import TableScene

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


def make_shell(lang: str = "en", size: tuple[int, int] = (1280, 720)) -> Shell:
    shell = Shell.create(size=size, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="fast",
                                         trick_pause="short")
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def menu_button(menu: MenuScene, action: str):
    return next(b for b in menu.buttons() if b.action == action)


def open_lesson_from_menu(shell: Shell) -> TableScene:
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene)
    learn = menu_button(menu, "learn")
    click(shell.app, (learn.box.cx, learn.box.cy))
    table = table_of(shell.app)
    assert table.guide is not None
    return table


def settle(app, table: TableScene, limit: int = 3000) -> None:
    """Tick until the player may act, or the lesson's summary is up (the computer's moves finished on the way)."""
    for _ in range(limit):
        if table.human_turn() or isinstance(app.stack.top, LessonEnd):
            return
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
    raise AssertionError("the lesson never came to rest")


def follow_the_pointer(app, table: TableScene) -> None:
    """Do what the coach points at, with the mouse: click its card or its row of the declaration panel."""
    guide = table.guide
    assert guide is not None and guide.tip is not None and guide.live
    target = guide.tip.target
    assert target is not None, guide.tip
    if target.kind == "card":
        click(app, point_on(table, target.card))
        return
    box = guide.target_box(target)
    assert box is not None, target
    click(app, (box.cx, box.cy))


def test_the_first_start_offers_the_lesson_once_and_not_now_declines_it() -> None:
    shell = make_shell()
    menu = shell.app.stack.top
    assert isinstance(menu, MenuScene) and menu.offer
    assert user_settings.guide_offered()  # remembered at once: the next start shows the menu alone
    no = next(b for b in menu.offer_buttons() if b.action == "decline")
    click(shell.app, (no.box.cx, no.box.cy))
    assert not menu.offer and shell.app.stack.top is menu
    shell.open_menu()
    shell.app.tick(DT)
    assert not shell.app.stack.top.offer
    # the settings saved later keep the flag
    user_settings.save_user_settings(shell.settings, shell.ai)
    assert json.loads(user_settings.settings_path().read_text())["first_start"] == {"guide_offered": True}
    assert user_settings.load_user_settings().problems == ()


def test_the_offer_takes_the_player_to_the_lesson() -> None:
    shell = make_shell()
    menu = shell.app.stack.top
    yes = next(b for b in menu.offer_buttons() if b.action == "learn")
    click(shell.app, (yes.box.cx, yes.box.cy))
    table = table_of(shell.app)
    assert table.guide is not None and table.session.rules.variant == "two_handed"


@pytest.mark.parametrize(("lang", "size"), [("en", (1280, 720)), ("it", (1024, 640)), ("fr", (1024, 640))])
def test_the_whole_lesson_by_the_pointer_teaches_in_order_and_ends_with_its_summary(lang, size) -> None:
    shell = make_shell(lang, size)
    app = shell.app
    table = open_lesson_from_menu(shell)
    guide = table.guide
    assert guide is not None
    for _ in range(200):
        settle(app, table)
        if isinstance(app.stack.top, LessonEnd):
            break
        guide.refresh()
        assert guide.tip is not None
        assert guide.line_layout(guide.text(guide.tip))[3], guide.text(guide.tip)  # the whole line fits its box
        follow_the_pointer(app, table)
    summary = app.stack.top
    assert isinstance(summary, LessonEnd)
    shown = guide.shown
    # the lesson's moments, in the order a deal brings them
    order = ["guide.welcome", "guide.meld_first", "guide.last_stock", "guide.final_start", "guide.final_last"]
    assert [key for key in shown if key in order] == order
    assert any(k in shown for k in ("guide.won_first", "guide.lost"))
    assert any(k in shown for k in ("guide.must_follow", "guide.must_beat", "guide.must_trump", "guide.free_play"))
    assert "guide.draw_last" in shown or "guide.lost" in shown
    lines = summary.lines()
    brisques = len(summary.brisques())
    assert lines[2] == app.t("guide.end_brisques", count=brisques, points=10 * brisques)
    log = table.session.state.log
    seven = sum(p for _d, _side, who, kind, p in log if who == table.stage.viewer and kind == "seven_of_trumps")
    assert (app.t("guide.end_seven", points=seven) in lines) == (seven > 0)  # every point said: the lines add up
    box, s = summary.panel_box(), summary._scale()  # as tall as what it says, within the window
    assert box.y >= 0 and box.bottom <= size[1]
    text_bottom = box.y + TEXT_TOP * s + summary._text_height(s)
    assert all(text_bottom < b.box.y and b.box.bottom <= box.bottom for b in summary.buttons())
    assert not saves.save_path().exists() and not stats.stats_path().exists()  # neither saved nor counted
    key(app, pygame.K_RETURN)  # a real game: the New game screen
    assert isinstance(app.stack.top, NewGameScene)


def test_esc_leaves_the_lesson_at_any_moment_and_it_can_be_taken_again() -> None:
    shell = make_shell()
    app = shell.app
    table = open_lesson_from_menu(shell)
    settle(app, table)
    follow_the_pointer(app, table)  # a card played: the lesson is under way
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)
    again = open_lesson_from_menu(shell)
    assert again is not table
    settle(app, again)
    assert again.guide is not None and again.guide.tip is not None and again.guide.tip.key == "guide.welcome"
    leave = again.guide.leave_button()
    click(app, (leave.box.cx, leave.box.cy))
    assert isinstance(app.stack.top, MenuScene)


def test_a_lesson_leaves_the_saved_game_and_the_statistics_untouched() -> None:
    shell = make_shell()
    app = shell.app
    shell.start_game(GameSetup(level="beginner", variant="two_handed", target=1000, seed=5))
    game = table_of(app).session.game
    rng = random.Random(3)
    while game.state.phase != Phase.AWAIT_DEAL:  # a deal played out: the statistics may count it
        game.act(rng.choice(legal_actions(game.state)))
    shell._changed(table_of(app).session)
    shell.open_menu()
    app.tick(DT)
    saved = saves.save_path().read_bytes()
    counted = stats.stats_path().read_bytes() if stats.stats_path().exists() else None
    table = open_lesson_from_menu(shell)
    for _ in range(6):
        settle(app, table)
        follow_the_pointer(app, table)
    key(app, pygame.K_ESCAPE)
    assert saves.save_path().read_bytes() == saved
    assert (stats.stats_path().read_bytes() if stats.stats_path().exists() else None) == counted
    assert app.stack.top.can_continue


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_the_coach_box_covers_no_card_badge_or_button(size: tuple[int, int]) -> None:
    layout = Layout.for_size(*size)
    box = coach_box(layout)
    assert box.w > 200 * layout.s and box.h > 150 * layout.s
    for zone in (layout.hand, layout.my_melds, layout.opp_melds, layout.won, layout.stock, layout.my_badge,
                 layout.decl_panel, layout.prompt, layout.status, *layout.buttons):
        assert not box.intersects(zone), zone
    assert box.right <= size[0] and box.bottom <= size[1]


TIP_LINES = [("guide.welcome", "guide.why_seven"), ("guide.welcome", "guide.why_meld"),
             ("guide.welcome", "guide.why_card"), ("guide.lead", "guide.why_seven"), ("guide.lead", "guide.why_meld"),
             ("guide.lead_first", None), ("guide.follow_win_first", "guide.seven_scores"),
             ("guide.follow_low_first", "guide.seven_scores"), ("guide.follow_win", None), ("guide.follow_low", None),
             ("guide.won_first", None), ("guide.won", None), ("guide.lost", None), ("guide.their_declaration", None),
             ("guide.seven", None), ("guide.meld_first", "guide.meld_keep"), ("guide.meld", "guide.meld_keep"),
             ("guide.meld_last", "guide.meld_keep"), ("guide.draw_first", None), ("guide.draw", None),
             ("guide.draw_after", None), ("guide.draw_last", None), ("guide.last_stock", None),
             ("guide.final_start", None), ("guide.final_lead", None), ("guide.must_follow", None),
             ("guide.must_beat", None), ("guide.must_trump", None), ("guide.free_play", None),
             ("guide.final_last", None)]


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_every_coach_line_fits_its_box_at_the_smallest_window(lang: str) -> None:
    """Each tip with its longest words (the longest card and meld names, the computer's name) fits the coach's box
    at 1024x640, whichever extra sentence goes with it."""
    from bezique.presenter.guide import Tip
    from bezique.rules import parse_code
    shell = make_shell(lang, (1024, 640))
    table = open_lesson_from_menu(shell)
    guide = table.guide
    assert guide is not None
    queen = parse_code("QD")[0]
    args = {"card": ("card", queen), "led": ("card", queen), "turn_up": ("card", queen), "suit": ("suit", 2),
            "meld": ("meld", ("common_marriage", (parse_code("KD")[0], queen))), "points": 250, "name": ("seat", 1)}
    for name, extra in TIP_LINES:
        text = guide.text(Tip(name, args, None, extra))
        assert guide.line_layout(text)[3], (name, extra, text)


def test_the_pointer_frames_the_trick_on_show_and_never_an_empty_place() -> None:
    """A tip about the trick just won frames its cards where they lie; once they are gathered the frame goes (it
    framed the empty middle of the felt while the next turn came)."""
    from bezique.presenter.guide import Aim, Target, Zone

    shell = make_shell()
    app = shell.app
    table = open_lesson_from_menu(shell)
    guide = table.guide
    assert guide is not None
    target = Target(Aim.ZONE, zone=Zone.TRICK)
    seen_cards = False
    for _ in range(4000):
        app.tick(DT)
        if table.turns.worker.busy:
            finish_thinking(table)
        box = guide.target_box(target)
        trick = table.stage.model.trick
        if not trick:
            assert box is None
            if seen_cards:
                break
            if table.human_turn() and table.session.state.phase == Phase.PLAY:
                follow_the_pointer(app, table)
            continue
        assert box is not None
        for _seat, card in trick:
            sprite = table.stage.sprites[card]
            assert box.contains(sprite.cx, sprite.cy)
        seen_cards = seen_cards or len(trick) == 2
    assert seen_cards
