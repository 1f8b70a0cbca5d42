"""Past games and the review of a deal, driven with real pygame events: a game finished at the shell is kept and
listed, one left for a new game is kept marked abandoned, the list scrolls and exports, a game opens in the review,
which steps, jumps and weighs the player's choices in the background; the scoreboard opens the review of its deal."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from pathlib import Path

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, click, key, move

from bezique.ai import review as analysis
from bezique.persist import history, saves
from bezique.rules import Phase, RecordedGame, legal_actions, make_ruleset, shuffled_deck
from bezique.ui.scenes import past_games
from bezique.ui.scenes import review as review_scene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.scenes.past_games import PastGamesScene
from bezique.ui.scenes.review import ReviewScene
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import ResultOverlay

pytestmark = pytest.mark.usefixtures("shell_data")  # conftest: a fresh data folder, English


@pytest.fixture(autouse=True)
def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's analysis with one sampled deal per decision: the same work, a fraction of the time."""
    monkeypatch.setattr(review_scene, "assess_deal", functools.partial(analysis.assess_deal, samples=1))


def make_shell(size: tuple[int, int] = (1280, 720), lang: str | None = None) -> Shell:
    shell = Shell.create(size=size, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
    if lang:
        shell.app.lang = lang
    shell.open_menu()
    shell.app.tick(DT)
    return shell


def play_out(shell: Shell, seed: int, moves: int | None = None) -> None:
    """Start a 500-point game at the shell and play it by random legal moves (through the session, whose every
    change the shell saves), to its end or for `moves` moves."""
    setup = shell.default_setup()
    setup.target, setup.seed, setup.level = 500, seed, "beginner"
    session = shell.start_game(setup).session
    rng = random.Random(seed)
    done = 0
    while not session.over and (moves is None or done < moves):
        if session.awaiting_deal:
            session.start_deal()
        else:
            session.make_move(rng.choice(session.legal()))
            done += 1


def kept_games(count: int) -> None:
    """`count` short abandoned games kept straight through ``history``."""
    rules = make_ruleset("two_handed", {"target_score": 500})
    for seed in range(count):
        rng = random.Random(seed)
        game = RecordedGame.new(rules, [{"name": "Anna", "type": "human"},
                                        {"name": "Bruno", "type": "ai", "level": "beginner"}], 0, seed)
        game.start_deal(shuffled_deck(rules, rng))
        for _ in range(10):
            game.act(rng.choice(legal_actions(game.state)))
        history.keep_game(game, saves.new_game_meta("computer", "beginner"), abandoned=True)


def open_past_games(shell: Shell) -> PastGamesScene:
    app = shell.app
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    past = next(b for b in menu.buttons() if b.action == "past")
    click(app, (past.box.cx, past.box.cy))
    scene = app.stack.top
    assert isinstance(scene, PastGamesScene)
    return scene


def finished_and_listed(seed: int) -> tuple[Shell, PastGamesScene]:
    """A game played to its end at a new shell, then Past games opened from the menu."""
    shell = make_shell()
    play_out(shell, seed)
    shell.open_menu()
    shell.app.tick(DT)
    return shell, open_past_games(shell)


def test_a_finished_game_is_kept_listed_and_opens_in_the_review() -> None:
    shell, past = finished_and_listed(seed=4)
    app = shell.app
    [kept] = past.games
    assert kept.finished and not kept.abandoned and kept.level == "beginner" and kept.mode == "computer"
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.cursor.deal.complete
    assert len(review.cursor.deals) == kept.deals
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert review.cursor.step_index == 2 and review.words.step_title(review.cursor.deal, 2) == "Trick 2 of 32"
    line = review.timeline_box()
    move(app, (line.x + line.w * (10.5 / 33), line.cy))
    assert review.hover == 10  # the pointer over the strip names the trick a click shows
    click(app, (line.x + line.w * (10.5 / 33), line.cy))  # the eleventh slot: trick 10
    assert review.cursor.step_index == 10
    key(app, pygame.K_END)
    assert review.cursor.step_index == review.cursor.deal.tricks
    key(app, pygame.K_PAGEDOWN)
    assert (review.cursor.deal_index, review.cursor.step_index) == (1, 0)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is past


def test_a_game_left_for_a_new_one_is_kept_marked_abandoned() -> None:
    shell = make_shell()
    play_out(shell, seed=6, moves=30)
    play_out(shell, seed=7, moves=0)  # New game: the first one is left
    [kept] = history.list_games().games
    assert kept.abandoned and not kept.finished
    play_out(shell, seed=8, moves=0)  # the second was left before its first move: nothing to keep
    assert len(history.list_games().games) == 1


def test_many_games_fit_at_1024x640_and_scroll_by_keys_and_wheel() -> None:
    kept_games(30)
    shell = make_shell(size=(1024, 640))
    app = shell.app
    past = open_past_games(shell)
    rows = past.visible_rows()
    assert len(past.games) == 30 and 5 <= rows < 30
    box = past.list_box()
    for index in range(rows):
        row = past.row_box(index)
        assert row is not None and box.y < row.y and row.bottom <= box.bottom
    assert box.bottom < min(b.box.y for b in past.buttons()) and max(b.box.right for b in past.buttons()) <= 1024
    key(app, pygame.K_END)
    assert past.selected == 29 and past.top == 30 - rows
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    app.tick(DT)
    assert past.top == 30 - rows - 3
    key(app, pygame.K_HOME)
    assert (past.selected, past.top) == (0, 0)
    row = past.row_box(2)
    assert row is not None
    click(app, (row.cx, row.cy))
    assert past.selected == 2 and app.stack.top is past  # a first click chooses
    click(app, (row.cx, row.cy))
    assert isinstance(app.stack.top, ReviewScene)  # a second opens


FOUR_NAMES = ["Maximilian Sohn", "Genevieve Marie", "Bartholomew Jr", "Christabel Anne"]  # one-screen names, long


def kept_long_names() -> None:
    """Four people on one screen with long names (the second and fourth won), and a six-handed game against five
    computer players, kept straight through ``history`` and marked finished in the list's summary."""
    for variant, names, mode in (("four_handed", FOUR_NAMES, "hotseat"),
                                 ("six_handed", ["Nella", "Beppe", "Carlo", "Bice", "Adèle", "Armand"], "computer")):
        rules = make_ruleset(variant, {})
        rng = random.Random(3)
        kinds = ["human"] * 4 if mode == "hotseat" else ["human"] + ["ai"] * 5
        players = [{"name": n, "type": k, **({"level": "beginner"} if k == "ai" else {})}
                   for n, k in zip(names, kinds, strict=True)]
        game = RecordedGame.new(rules, players, 0, 3)
        game.start_deal(shuffled_deck(rules, rng))
        for _ in range(12):
            game.act(rng.choice(legal_actions(game.state)))
        path = history.keep_game(game, saves.new_game_meta(mode, "beginner" if mode == "computer" else None))
        assert path is not None
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["summary"].update(finished=True, winner=1, scores=[640, 1030])
        path.write_text(json.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize(("size", "lang"), [((1024, 640), "en"), ((1280, 720), "en"), ((1024, 640), "fr")])
def test_four_one_screen_names_fit_their_cells_whole(size, lang, monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponents and the result are never cut short: the columns are split by what they hold, and a cell
    whose names do not fit on one line takes two, inside its row and its column."""
    kept_long_names()
    shell = make_shell(size=size, lang=lang)
    past = open_past_games(shell)
    drawn = spy_on_blit_text(monkeypatch)
    past.draw(shell.app.screen)
    rows, xs, widths, two = past.grid()
    assert two and past.row_h() > past_games.ROW_H
    for index, cells in enumerate(rows):
        row = past.row_box(index)
        assert row is not None
        inside = [(text, rect) for text, rect, _ in drawn if row.contains(rect.centerx, rect.centery)]
        for x, width, cell in zip(xs, widths, cells, strict=True):
            parts = [(text, rect) for text, rect in inside if x - 1 <= rect.x and rect.right <= x + width + 1]
            assert " ".join(text for text, _ in parts) == cell, (cell, parts)  # whole, on one line or two
            assert all(row.y <= rect.y and rect.bottom <= row.bottom + 1 for _, rect in parts)
    assert not any(text.endswith("…") for text, _, _ in drawn)


def test_export_writes_the_record_where_it_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kept_games(1)
    monkeypatch.setattr(history, "export_dir", lambda: tmp_path)
    shell = make_shell()
    past = open_past_games(shell)
    key(shell.app, pygame.K_e)
    [written] = list(tmp_path.glob("bezique-*.json"))
    assert past.message == f"Exported to {written}"


def test_the_review_weighs_the_players_choices_in_the_background() -> None:
    shell, _past = finished_and_listed(seed=9)
    app = shell.app
    key(app, pygame.K_RETURN)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.worker.tag == 0 and review.summary() is not None  # weighing the first deal
    key(app, pygame.K_RIGHT)  # the screen answers meanwhile
    assert review.cursor.step_index == 1
    assert review.worker.wait(120)  # (on a fast machine the deal may be weighed already)
    app.tick(DT)
    found = review.assessed[0]
    assert found and review.summary() in (app.t("review.summary_none"),
                                           app.t("review.summary", count=sum(a.marked for a in found),
                                                 points=round(sum(a.cost for a in found if a.marked))))
    marks = review.marks()
    assert marks and all(1 <= step <= review.cursor.deal.tricks for step in marks)
    step, item = next(iter(marks.items()))
    review.cursor.go(step)
    assert review.verdict(review.cursor.step)[0][0] in (app.t("review.agree"),
                                                        app.t("review.costly", points=round(item.cost)),
                                                        app.t("review.costly_exact", points=round(item.cost)))
    key(app, pygame.K_ESCAPE)
    assert review.worker.idle


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_scoreboard_opens_the_review_of_its_deal(lang: str) -> None:
    shell = make_shell(lang=lang)
    app = shell.app
    setup = shell.default_setup()
    setup.target, setup.seed, setup.level = 500, 3, "beginner"
    table = shell.start_game(setup)
    session = table.session
    rng = random.Random(3)
    for _ in range(400):
        if session.state.phase == Phase.AWAIT_DEAL or session.over:
            break
        session.make_move(rng.choice(session.legal()))
    table.curtain.open_result(session.over)
    board = app.stack.top
    assert isinstance(board, ResultOverlay)
    review_button = board.review_button()
    assert review_button.label == app.t("score.review")
    click(app, (review_button.box.cx, review_button.box.cy))
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.cursor.deal_index == board.deal
    assert review.cursor.deal.names[review.viewer] == session.seats[0].name
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is board


def test_each_result_is_worded_from_the_players_side() -> None:
    from datetime import datetime

    from bezique.i18n import t
    from bezique.ui.scenes.past_games import opponents_text, result_text

    def kept(**kw) -> history.KeptGame:
        base = {"path": Path("x.json"), "kept_at": datetime(2026, 12, 1, 20, 5), "variant": "two_handed",
                "target": 1000, "players": ("Anna", "Bruno"), "mode": "computer", "level": "expert",
                "human_seat": 0, "scores": (1000, 800), "winner": 0, "deals": 4, "finished": True,
                "abandoned": False}
        return history.KeptGame(**{**base, **kw})

    def words(key: str, **fields: object) -> str:
        return t(key, "en", **fields)

    assert result_text(kept(), words) == "Won" and result_text(kept(winner=1), words) == "Lost"
    assert result_text(kept(winner=None), words) == "Draw"
    assert result_text(kept(finished=False, abandoned=True, winner=None), words) == "Abandoned"
    assert result_text(kept(mode="hotseat", winner=1), words) == "Bruno won"
    four = kept(variant="four_handed", players=("Anna", "Bruno", "Carla", "Dario"), human_seat=2, winner=0)
    assert result_text(four, words) == "Won"  # seat 2 plays with seat 0: side 0
    assert result_text(kept(variant="four_handed", players=four.players, mode="hotseat", winner=1),
                       words) == "Bruno & Dario won"
    assert opponents_text(kept(), "en", words) == "Bruno · Expert"
    assert opponents_text(kept(), "it", lambda key, **f: t(key, "it", **f)) == "Bruno · Esperto"
    assert opponents_text(kept(mode="hotseat"), "en", words) == "Anna, Bruno, on this screen"
    # a partner played beside the player: named apart, never among the opponents (issue 43)
    assert opponents_text(four, "en", words) == "Bruno, Dario · Expert · with Anna"
    assert opponents_text(four, "fr", lambda key, **f: t(key, "fr", **f)).endswith("avec Anna")
