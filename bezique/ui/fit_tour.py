"""The fit audit's window and tour (``python -m bezique audit`` judges what they draw): the window brought to
every screen and to the table's key states, one after another, as a player would reach them (the keys and the
buttons' actions), calling `look(name)` at each so the audit can judge the frame at every size, language, text size
and card size it sweeps.

Screens: the menu (the first start's offer of the lesson, then without and with a game to continue), New game at
every variant, its house rules, Settings scrolled through, How to play page by page, Statistics at every variant,
Past games, a kept game's review, the network screen, a question (confirm). The table at every variant: the stock
lead, each declaration seen (by how many melds it lists), the seven of trumps, the last eight cards, the score log,
the pause screen, the end-of-deal scoreboard; the hot-seat curtain and the lesson; and the chat of a game on two
computers (hosted on this computer's loopback address, a friend's client joined over a real socket).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from bezique.geometry import Box
from bezique.presenter.session import GameSession
from bezique.presenter.setup import SEATABLE_VARIANTS, GameSetup, target_choices
from bezique.rules import Phase, Verb
from bezique.ui.kit.drawn import FrameRecord, recording
from bezique.ui.kit.layers import forget_layers
from bezique.ui.kit.widgets import Button, ButtonColumn
from bezique.ui.scene import Scene
from bezique.ui.scenes.menu import MenuScene
from bezique.ui.shell import Shell
from bezique.ui.table.overlays import HandOverScene
from bezique.ui.table.scene import TableScene
from bezique.ui.table.scoreboard import ResultOverlay

DT = 1 / 60
SETTLE = 150  # frames a state is given to come to rest before it is judged (what moves is judged where it lands)
THINKING = 120.0  # seconds a computer's move may take before the tour calls it hung
Look = Callable[[str], None]


def key(shell: Shell, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    shell.app.tick(DT)


def screens(shell: Shell, look: Look) -> None:
    """Every screen away from the table, from the menu."""
    app = shell.app
    shell.open_menu()
    app.tick(DT)
    menu = app.stack.top
    if not isinstance(menu, MenuScene) or not menu.offer:
        raise RuntimeError("the tour starts as a first start (a fresh data folder): the menu offers the lesson")
    look("menu: the first start's offer")
    key(shell, pygame.K_ESCAPE)  # not now
    look("menu")
    from bezique.ui.scenes.newgame import NewGameScene
    form = NewGameScene(app, shell)
    app.push(form)
    for variant in SEATABLE_VARIANTS:
        form.setup.variant = variant
        form.setup.target = target_choices(variant)[0]
        form.setup.people[0] = variant != "two_handed"  # a second person: their name field and chips
        look(f"new game: {variant}")
    form.open_house_rules()
    look("house rules")
    for _ in range(12):
        key(shell, pygame.K_PAGEDOWN)
    look("house rules, scrolled")
    app.stack.clear()
    shell.open_menu()
    from bezique.ui.scenes.settings import KEYS, SettingsScene
    app.push(SettingsScene(app, shell))
    for i in range(0, len(KEYS), 4):
        look(f"settings, row {i}")
        for _ in range(4):
            key(shell, pygame.K_DOWN)
    key(shell, pygame.K_ESCAPE)
    from bezique.ui.scenes.howto import PAGES, HowToScene
    for page in PAGES:
        howto = HowToScene(app, page)
        app.push(howto)
        for turn in range(8):
            look(f"how to play: {page} {turn}")
            if howto.scroll >= howto.max_scroll():
                break
            key(shell, pygame.K_PAGEDOWN)
        app.pop(howto)
    from bezique.ui.scenes.stats import StatsScene
    app.push(StatsScene(app, shell.notices))
    look("statistics")
    key(shell, pygame.K_ESCAPE)
    from bezique.ui.scenes.network import NetworkScene
    app.push(NetworkScene(app, shell))
    look("network")
    key(shell, pygame.K_ESCAPE)
    from bezique.ui.scenes.forms import ConfirmScene
    app.push(ConfirmScene(app, app.t("newgame.replace_saved"), lambda: None))
    look("question")
    key(shell, pygame.K_ESCAPE)


def table_states(shell: Shell, look: Look, variant: str, seed: int = 7) -> None:
    """One deal of `variant` against the computer, looked at in each key state the first time it comes (and at
    each declaration with a new number of melds), through its scoreboard; then the menu with it to continue."""
    app = shell.app
    target = target_choices(variant)[-1]
    table = shell.start_game(GameSetup(variant=variant, target=target, seed=seed))
    rng = random.Random(seed)
    seen: set[str] = set()

    def once(name: str) -> None:
        if name not in seen:
            seen.add(name)
            look(f"{variant}: {name}")

    for _ in range(2000):
        rest(shell, table)
        top = app.stack.top
        if isinstance(top, ResultOverlay):
            once("scoreboard")
            break
        if top is not table or table.session.over:
            break
        screen = table.stage.screen
        legal = list(table.session.legal())
        verbs = {a.verb for a in legal}
        if screen.phase == Phase.DECLARE:
            melds = len(table.controls.decl_melds())
            once(f"declaration of {melds} melds" if melds else "declaration, nothing to declare")
            if verbs & {Verb.EXCHANGE_SEVEN, Verb.DECLARE_SEVEN}:
                once("the seven")
        elif not screen.stock_count:
            once("the last eight")
        elif screen.trick and sum(1 for cards in screen.tables if cards) >= min(2, len(screen.tables) - 1):
            # a trick in play under melds on the table: the players' names on its cards against the captions
            once(f"a trick of {len(screen.trick)} under melds")
        elif not screen.trick:
            once("stock lead")
            if "pause" not in seen:
                key(shell, pygame.K_l)
                once("score log")
                key(shell, pygame.K_ESCAPE)
                key(shell, pygame.K_ESCAPE)
                once("pause")
                key(shell, pygame.K_ESCAPE)
        prefer = [a for a in legal if a.verb in (Verb.MELD, Verb.EXCHANGE_SEVEN)]
        table.try_move(prefer[0] if prefer else rng.choice(legal))
    key(shell, pygame.K_ESCAPE)  # the scoreboard's pause: save and leave
    app.stack.clear()
    shell.open_menu()
    app.tick(DT)
    look(f"{variant}: the menu with it to continue")


def rest(shell: Shell, table: TableScene[GameSession], limit: int = 3000) -> None:
    """Tick until the person may act or a screen covers the table; a computer's move is waited for."""
    app = shell.app
    for _ in range(limit):
        if table.human_turn() or app.stack.top is not table or table.session.over or not app.running:
            return
        app.tick(DT)
        if table.turns.worker.busy and not table.turns.worker.wait(THINKING):
            raise RuntimeError("a computer's move never came")
    raise RuntimeError("the table never came to rest")


def curtain(shell: Shell, look: Look) -> None:
    """The hot-seat curtain between two people at one screen."""
    app = shell.app
    setup = GameSetup(variant="two_handed", seed=3)
    setup.people[0] = True
    shell.start_game(setup)
    for _ in range(600):
        app.tick(DT)
        if isinstance(app.stack.top, HandOverScene):
            look("hot-seat curtain")
            return
    raise RuntimeError("the hot-seat curtain never came")


def lesson(shell: Shell, look: Look) -> None:
    """The guided first deal, its coach's first tips."""
    from bezique.ui.scenes.menu import open_lesson
    app = shell.app
    app.stack.clear()
    open_lesson(app, shell)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
    rest(shell, table)
    look("lesson")


def review(shell: Shell, look: Look) -> None:
    """Past games (the games the tour left are kept there), and the first one's review, opened by the keys."""
    from bezique.ui.scenes.past_games import PastGamesScene
    app = shell.app
    app.stack.clear()
    shell.open_menu()
    past = PastGamesScene(app, shell.notices, shell.open_review)
    app.push(past)
    look("past games")
    if past.games:
        key(shell, pygame.K_RETURN)
        if app.stack.top is not past:
            look("review")


class Window:
    """The audited window: a shell with instant animations, put at any size, language, text size and card size,
    drawing one frame at a time with its record of what was drawn where."""

    def __init__(self, size: tuple[int, int], lang: str) -> None:
        self.shell = Shell.create(size=size, fullscreen=False)
        self.shell.apply(dataclasses.replace(self.shell.settings, animation_speed="instant", trick_pause="off",
                                             language=lang), self.shell.ai)

    def at_table(self) -> bool:
        return any(isinstance(s, TableScene) for s in self.shell.app.stack.visible())

    def put(self, size: tuple[int, int], lang: str, text_size: str, card_size: str) -> None:
        shell = self.shell
        settings = dataclasses.replace(shell.settings, language=lang, text_size=text_size, card_size=card_size)
        if settings != shell.settings:
            shell.apply(settings, shell.ai)
        if shell.app.size != size:
            shell.app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        for _ in range(SETTLE):  # cards, floating points and flourishes come to rest (animations are instant)
            busy = False
            for scene in shell.app.stack.scenes:
                busy = scene.update(DT, scene is shell.app.stack.top) or busy
            if not busy:
                break

    def frame(self) -> tuple[FrameRecord, dict[str, Box]]:
        """One frame drawn afresh (every layer drawn again, so every text is recorded), and the buttons of the
        screen on top (``actions``)."""
        forget_layers()
        with recording() as frame:
            self.shell.app.draw()
        return frame, actions(self.shell.app.stack.top)

    def unreached_by_keys(self) -> list[str]:
        return unreached_by_keys(self.shell.app.stack.top)

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.shell.app.screen, str(path))

    def close(self) -> None:
        self.shell.app.quit()


def buttons_of(scene: Scene | None) -> list[Button]:
    """The buttons `scene` shows now (the table's and its declaration panel's; a form's controls; a column's)."""
    if isinstance(scene, TableScene):
        return [b for part in scene.controls.buttons() for b in part]
    offer = scene.offer_buttons() if isinstance(scene, MenuScene) and scene.offer else []  # the first start's
    for name in ("controls", "buttons", "_buttons"):  # the pause screen keeps its column's buttons to itself
        found = getattr(scene, name, None)
        if callable(found):  # a list, or the scoreboard's pair (its second button None when there is one)
            return [b for b in found() if isinstance(b, Button)] + offer
    return []


def actions(scene: Scene | None) -> dict[str, Box]:
    """The boxes of the enabled buttons of `scene`, by action (numbered when an action repeats)."""
    out: dict[str, Box] = {}
    for b in buttons_of(scene):
        if b.enabled:
            name = b.action if b.action not in out else f"{b.action}#{len(out)}"
            out[name] = b.box
    return out


def unreached_by_keys(scene: Scene | None) -> list[str]:
    """The enabled buttons of a column of buttons (menu, pause, question, replay) that the arrow keys never bring
    the focus to, walked from the first down and round, the focus put back after."""
    column = getattr(scene, "column", None)
    if not isinstance(column, ButtonColumn):
        return []
    buttons = buttons_of(scene)
    enabled = {b.action for b in buttons if b.enabled}
    kept, reached = column.focus, set()
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    for _ in range(len(buttons) + 1):
        column.handle(down, buttons)
        reached.add(buttons[column.focus].action)
    column.focus = kept
    return sorted(enabled - reached)
