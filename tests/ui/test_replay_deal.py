"""Replay this deal, driven with real pygame events: from the scoreboard's review and from Past games the same
cards are dealt again by the same dealer under the same rules against the same opponents, scores at 0; the
player's real saved game, the kept games and the statistics are left as they were; the end compares this try with
the original and offers replay again (the very same cards again), back to the review and the menu; the pause
screen offers the same ways and Resume; every variant the review shows replays (Rubicon and Chinese comparing what
the deal settled to, which is what their match counts); a deal cut short does not."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, HANG_GUARD, button, click, key, point_on

from bezique.ai import review as analysis
from bezique.config import Config
from bezique.persist import history, saves, stats
from bezique.persist.user_settings import LoadedSettings
from bezique.presenter.replay import ReplaySession
from bezique.presenter.review import review_game
from bezique.presenter.setup import target_choices
from bezique.rules import Phase, RecordedGame, Ruleset, Verb, legal_actions, make_ruleset, shuffled_deck
from bezique.ui.kit import widgets
from bezique.ui.kit.widgets import scale_of
from bezique.ui.scene import Window
from bezique.ui.scenes import review as review_scene
from bezique.ui.scenes import review_replay
from bezique.ui.scenes.howto import HowToScene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.past_games import PastGamesScene
from bezique.ui.scenes.review import ReviewScene
from bezique.ui.scenes.review_replay import ReplayOverlay
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import HandOverScene, PauseOverlay, ResultOverlay
from bezique.ui.table.scene import TableScene, seat_replay

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


@pytest.fixture(autouse=True)
def at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings as saved (what a replay opened from Past games plays with) play at once; the review's
    analysis is quick."""
    real = review_replay.load_user_settings

    def instant(config: Config | None = None) -> LoadedSettings:
        loaded = real(config)
        return loaded._replace(app=dataclasses.replace(loaded.app, **AT_ONCE))

    monkeypatch.setattr(review_replay, "load_user_settings", instant)
    # the review's analysis, weighing in the background meanwhile, with one sampled deal per decision
    monkeypatch.setattr(review_scene, "assess_deal", functools.partial(analysis.assess_deal, samples=1))


AT_ONCE = {"animation_speed": "instant", "computer_pace": "instant", "trick_pause": "off"}


def make_shell(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Shell:
    shell = Shell.create(size=size, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, **AT_ONCE)
    shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def replay_table(app) -> TableScene:
    top = app.stack.top
    assert isinstance(top, TableScene) and isinstance(top.session, ReplaySession)
    return top


def click_move(app, table: TableScene, rng: random.Random) -> None:
    """One move of the player at `table` with the mouse: a card, else a meld, the seven's exchange or Draw."""
    legal = table.session.legal()
    plays = [a for a in legal if a.verb == Verb.PLAY]
    if plays:
        click(app, point_on(table, rng.choice(plays).cards[0]))
        return
    verbs = {a.verb for a in legal}
    name = "meld:0" if Verb.MELD in verbs else "exchange" if Verb.EXCHANGE_SEVEN in verbs else "done"
    found = button(table, name)
    assert found is not None, name
    click(app, (found.box.cx, found.box.cy))


def play_to_the_end(app, table: TableScene, rng: random.Random, clicks: bool = True) -> ReplayOverlay:
    """Play the replayed deal out (the player by mouse clicks, or through the table's own entry) until its end
    screen is up."""
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ReplayOverlay):
            return top
        if top is table and table.human_turn():
            if clicks:
                click_move(app, table, rng)
            else:
                table.try_move(rng.choice(table.session.legal()))
            continue
        app.tick(DT)
        assert table.turns.worker.wait(HANG_GUARD), "the worker never finished"
    raise AssertionError("the replayed deal never ended")


def dealt_alike(table: TableScene, review: ReviewScene) -> None:
    """The replay's deal is the reviewed deal as dealt: hands, turn-up, trumps, dealer; scores at 0."""
    state, first = table.session.state, review.cursor.deal.steps[0]
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in first.hands]
    assert (state.turn_up, state.trump, state.dealer) == (first.turn_up, first.trump, review.cursor.deal.dealer)
    assert state.scores == [0] * len(state.scores) and state.deal_index == 0


def review_of_one_deal(rules: Ruleset, players: list[dict[str, str]], dealer: int, seed: int,
                       **window: Any) -> tuple[Window, ReviewScene, RecordedGame]:
    """One deal of `rules` played at random (its seed `seed`) and recorded, and its review open at a shell's window
    (``make_shell``'s `window`; no analysis): the app, the review and the game."""
    rng = random.Random(seed)
    game = RecordedGame.new(rules, players, dealer, seed=seed)
    game.start_deal(shuffled_deck(rules, rng))
    while game.state.phase not in (Phase.AWAIT_DEAL, Phase.OVER):
        game.act(rng.choice(legal_actions(game.state)))
    doc = game.to_dict()
    app = make_shell(**window).app
    review = ReviewScene(app, review_game(doc), 0, 0, analyse=False, doc=doc, seat=seat_replay)
    app.push(review)
    app.tick(DT)
    return app, review, game


def first_deal_at_the_table(shell: Shell, seed: int) -> TableScene:
    """A short game at the shell played (through its session, saved after every move) to its first scoreboard."""
    setup = shell.default_setup()
    setup.target, setup.seed, setup.level = 500, seed, "beginner"
    table = shell.start_game(setup)
    session = table.session
    rng = random.Random(seed)
    while session.state.phase != Phase.AWAIT_DEAL and not session.over:
        session.make_move(rng.choice(session.legal()))
    table.stage.rebuild(animate=False)
    table.curtain.open_result(session.over)
    return table


def test_after_a_deal_the_replay_leaves_the_real_game_alone_and_compares_the_try() -> None:
    shell = make_shell()
    app = shell.app
    real = first_deal_at_the_table(shell, seed=3)
    saved = saves.save_path().read_bytes()
    counted = stats.stats_path().read_bytes() if stats.stats_path().exists() else None
    board = app.stack.top
    assert isinstance(board, ResultOverlay)
    key(app, pygame.K_r)  # the scoreboard's review of the deal
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.can_replay()
    replay = next(b for b in review.buttons() if b.action == "replay")
    assert replay.label == "Replay this deal" and replay.box.right <= 1280
    click(app, (replay.box.cx, replay.box.cy))
    table = replay_table(app)
    dealt_alike(table, review)
    assert table.session.assisted and table.host is not real.host
    end = play_to_the_end(app, table, random.Random(1))
    original = review.cursor.deal.points
    now = table.session.points()
    side = table.session.rules.side_of(review.viewer)
    assert end.ended and end.director.comparison().then == tuple(original)
    assert end.rows()[0] == ("You", original[side], now[side])
    gain = now[side] - original[side]
    said = [text for text, _ in end.lines()]
    assert said[0] == f"Your points: {original[side]} then, {now[side]} now"
    assert said[1] == (app.t("replay.better", points=gain) if gain > 0 else
                       app.t("replay.worse", points=-gain) if gain < 0 else app.t("replay.same"))
    # nothing of the real game moved: its save, the statistics, the kept games
    assert saves.save_path().read_bytes() == saved
    assert (stats.stats_path().read_bytes() if stats.stats_path().exists() else None) == counted
    assert history.list_games().games == []
    key(app, pygame.K_r)  # replay again: the very same cards
    again = replay_table(app)
    assert again is not table
    dealt_alike(again, review)
    key(app, pygame.K_ESCAPE)  # the replay's own pause screen
    paused = app.stack.top
    assert isinstance(paused, ReplayOverlay) and not paused.ended
    assert [b.action for b in paused.buttons()] == ["resume", "again", "back", "menu"]
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is again  # resumed
    key(app, pygame.K_ESCAPE)
    resume_box = app.stack.top.buttons()[2].box  # back to the review
    click(app, (resume_box.cx, resume_box.cy))
    assert app.stack.top is review and review in app.stack.scenes
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board  # the review goes back to the scoreboard of the real game, which waits
    assert saves.save_path().read_bytes() == saved


def test_from_past_games_the_menu_is_one_click_away() -> None:
    shell = make_shell()
    app = shell.app
    table = first_deal_at_the_table(shell, seed=5)
    session = table.session
    rng = random.Random(5)
    while not session.over:  # the game played out and kept
        if session.awaiting_deal:
            session.start_deal()
        else:
            session.make_move(rng.choice(session.legal()))
    shell.open_menu()
    app.tick(DT)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    past = next(b for b in menu.buttons() if b.action == "past")
    click(app, (past.box.cx, past.box.cy))
    assert isinstance(app.stack.top, PastGamesScene)
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    key(app, pygame.K_PAGEDOWN)  # the second deal
    key(app, pygame.K_r)
    table = replay_table(app)
    dealt_alike(table, review)
    assert [s.level for s in table.session.seats] == [s.level for s in session.seats]  # the same opponent
    play_to_the_end(app, table, random.Random(2))
    key(app, pygame.K_b)  # back to the review
    assert app.stack.top is review
    key(app, pygame.K_r)
    play_to_the_end(app, replay_table(app), random.Random(3))
    end = app.stack.top
    menu_button = next(b for b in end.buttons() if b.action == "menu")
    click(app, (menu_button.box.cx, menu_button.box.cy))
    assert [type(scene) for scene in app.stack.scenes] == [MenuScene]
    assert len(history.list_games().games) == 1  # the replays were never kept


PLAYERS = {2: ["human", "ai"], 3: ["human", "ai", "ai"], 4: ["human", "ai", "ai", "ai"]}


@pytest.mark.parametrize("variant", ["two_handed", "open", "rubicon", "chinese", "three_handed", "four_handed"])
def test_every_variant_replays_its_deal(variant: str) -> None:
    rules = make_ruleset(variant)
    players = [{"name": f"P{i}", "type": kind, **({"level": "beginner"} if kind == "ai" else {})}
               for i, kind in enumerate(PLAYERS[rules.players])]
    app, review, game = review_of_one_deal(rules, players, rules.players - 1, seed=7)
    key(app, pygame.K_r)
    table = replay_table(app)
    dealt_alike(table, review)
    end = play_to_the_end(app, table, random.Random(4), clicks=False)
    assert len(end.rows()) == rules.sides
    c = end.director.comparison()
    assert c.then == tuple(game.state.past_deals[0].points)
    assert c.now == tuple(table.session.state.past_deals[0].points)
    then, now = game.state.past_deals[0].settlement, table.session.state.past_deals[0].settlement
    assert c.settles == (variant in ("rubicon", "chinese")) == (then is not None)
    if then is None or now is None:
        return
    # Rubicon and Chinese: what the deal settled to is compared, not its points
    assert (c.settled_then, c.settled_now) == (then, now)
    assert end.rows()[0][1:] == (then.settled[0], now.settled[0])  # the player's side first: seat 0
    gain = (now.settled[0] - now.settled[1]) - (then.settled[0] - then.settled[1])
    assert c.gain == gain
    assert end.lines()[1][0] == (app.t("replay.settled_better", points=gain) if gain > 0 else
                                 app.t("replay.settled_worse", points=-gain) if gain < 0 else
                                 app.t("replay.settled_same"))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_settled_end_screen_says_everything_whole_in_french_and_italian_at_1024x640(
        lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    players = [{"name": "Anne", "type": "human"}, {"name": "Bruno", "type": "ai", "level": "beginner"}]
    app, _review, _game = review_of_one_deal(make_ruleset("rubicon"), players, 1, seed=7, size=(1024, 640), lang=lang)
    key(app, pygame.K_r)
    end = play_to_the_end(app, replay_table(app), random.Random(4), clicks=False)
    drawn: list[tuple[str, bool, pygame.Rect]] = []  # (text, cut with "…" to fit, where)

    def judge(surface, assets, text, size, rect, max_width, bold) -> None:
        cut = max_width is not None and widgets.fit_line(assets, text, size, max_width, bold)[0] != text
        drawn.append((text, cut, rect))

    spy_on_blit_text(monkeypatch, judge)
    app.dirty = True
    app.draw()
    box, note = end._panel(), end._note_lines(scale_of(app.size))
    said = {text for text, _ in end.lines()} | {b.label for b in end.buttons()} | set(note)
    ours = [(text, cut, rect) for text, cut, rect in drawn if text in said]
    assert {text for text, _, _ in ours} == said  # every line drawn
    for text, cut, rect in ours:  # whole and inside the panel
        assert not cut and box.x <= rect.x and rect.right <= box.right and rect.bottom <= box.bottom, text
    assert " ".join(note) == app.t("replay.not_kept")  # the note wrapped, nothing of it lost


def test_a_deal_cut_short_offers_no_replay() -> None:
    rules = make_ruleset("two_handed")
    rng = random.Random(8)
    game = RecordedGame.new(rules, [{"name": "A", "type": "human"}, {"name": "B", "type": "ai"}], 0, seed=8)
    game.start_deal(shuffled_deck(rules, rng))
    for _ in range(10):
        game.act(rng.choice(legal_actions(game.state)))
    shell = make_shell()
    app = shell.app
    doc = game.to_dict()
    review = ReviewScene(app, review_game(doc), 0, 0, analyse=False, doc=doc, seat=seat_replay)
    app.push(review)
    app.tick(DT)
    assert not review.can_replay()
    assert not next(b for b in review.buttons() if b.action == "replay").enabled
    key(app, pygame.K_r)
    assert app.stack.top is review


def test_two_at_one_screen_replay_with_the_hand_over_and_are_named() -> None:
    players = [{"name": "Ann", "type": "human"}, {"name": "Bob", "type": "human"}]
    app, review, _game = review_of_one_deal(make_ruleset("two_handed"), players, 1, seed=9)
    key(app, pygame.K_r)
    assert isinstance(app.stack.top, HandOverScene)  # two people: the hand-over comes first, as in a game
    table = next(scene for scene in app.stack.scenes if isinstance(scene, TableScene))
    dealt_alike(table, review)
    moves = random.Random(5)
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ReplayOverlay):
            break
        if isinstance(top, HandOverScene):
            top.time = 1.0
            key(app, pygame.K_RETURN)
        elif top is table and table.human_turn():
            table.try_move(moves.choice(table.session.legal()))
        else:
            app.tick(DT)
    end = app.stack.top
    assert isinstance(end, ReplayOverlay) and end.ended
    c = end.director.comparison()
    assert end.lines()[0][0] == f"Ann: {c.then[0]} points then, {c.now[0]} now"


def test_the_table_asks_the_shell_for_the_review_and_the_review_for_a_replay_table() -> None:
    """Clicks all the way: the scoreboard's Review this deal is opened by the shell (the table imports no review),
    which hands the review the replay's table maker; Replay this deal seats the deal at a table of the review's."""
    shell = make_shell()
    app = shell.app
    real = first_deal_at_the_table(shell, seed=5)
    board = app.stack.top
    assert isinstance(board, ResultOverlay) and board.on_review == shell.open_review
    review_button = board.review_button()
    click(app, (review_button.box.cx, review_button.box.cy))
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.seat is seat_replay and review.cursor.deal_index == board.deal
    replay = next(b for b in review.buttons() if b.action == "replay")
    assert replay.enabled
    click(app, (replay.box.cx, replay.box.cy))
    table = replay_table(app)
    assert isinstance(table.host, review_replay.ReplayDirector) and real.host is shell
    dealt_alike(table, review)
    assert app.stack.scenes[-3:] == [board, review, table]


def test_a_review_handed_no_table_maker_offers_no_replay() -> None:
    players = [{"name": "A", "type": "human"}, {"name": "B", "type": "ai", "level": "beginner"}]
    app, review, _game = review_of_one_deal(make_ruleset("two_handed"), players, 0, seed=4)
    bare = ReviewScene(app, review.cursor.deals, 0, 0, analyse=False, doc=review.doc)
    assert review.can_replay() and not bare.can_replay()
    app.push(bare)
    key(app, pygame.K_r)
    assert app.stack.top is bare  # nothing seated


def test_the_pause_screen_asks_the_host_for_how_to_play_at_the_games_page() -> None:
    shell = make_shell()
    app = shell.app
    setup = shell.default_setup()
    setup.variant, setup.target, setup.seed = "rubicon", target_choices("rubicon")[0], 2
    table = shell.start_game(setup)
    app.tick(DT)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay) and pause.howto == shell.open_howto
    howto = next(b for b in pause._buttons() if b.action == "howto")
    click(app, (howto.box.cx, howto.box.cy))
    page = app.stack.top
    assert isinstance(page, HowToScene) and page.page_id == "rubicon" and table in app.stack.scenes
