"""New game and House rules, driven with real pygame events: a mixed table, four-handed alone, every target the
rules allow, house rules that reach the engine's Ruleset, the save's meta, choices remembered, and both screens
fitting the smallest window with mouse and keyboard."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest
from text_spy import spy_on_blit_text
from ui_driver import DT, click, key, step, table_of

from bezique.ai import MENU_LEVELS
from bezique.persist import new_game, saves, storage
from bezique.presenter.house_rules import (
    NEW_GAME_KEYS,
    PRESETS,
    apply_house,
    choose,
    house_rules,
    preset_house,
    preset_names,
    preset_of,
)
from bezique.presenter.setup import SEATABLE_VARIANTS, GameSetup
from bezique.rules import VARIANTS, allowed_targets, preset
from bezique.ui.kit.widgets import Button
from bezique.ui.scenes.house_rules import HouseRulesScene
from bezique.ui.scenes.newgame import NewGameScene
from bezique.ui.shell import Shell


def make_shell(size: tuple[int, int] = (1280, 720), lang: str = "en") -> Shell:
    shell = Shell.create(size=size, fullscreen=False)
    shell.settings = dataclasses.replace(shell.settings, animation_speed="instant", computer_pace="instant")
    shell.app.lang = lang
    shell.new_game_screen()
    shell.app.tick(DT)
    return shell


def press(app, action: str) -> None:
    scene = app.stack.top
    b = next(b for b in scene.controls() if b.action == action)
    click(app, (b.box.cx, b.box.cy))


def chip(scene, rid: str, value) -> str:
    """The action of `rid`'s chip for `value`."""
    return f"{rid}={[v for _, v in scene._options(rid)].index(value)}"


# --- the rules' facts behind the screens -------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_every_value_offered_reaches_the_ruleset(variant: str) -> None:
    """Each value of each row, chosen alone, is what the engine's Ruleset then holds (or the rules refused it
    and nothing changed); every named preset is valid and recognised."""
    defaults = preset(variant)
    for rule in house_rules(defaults, defaults):
        assert rule.key not in NEW_GAME_KEYS and len(rule.values) > 1
        assert rule.values.count(getattr(defaults, rule.key)) == 1
        for value in rule.values:
            house = choose(defaults, {}, rule.key, value)
            assert getattr(apply_house(defaults, house), rule.key) == value
    for name in preset_names(variant):
        house = preset_house(defaults, name)
        rules = apply_house(defaults, house)
        assert preset_of(defaults, house) == name
        assert all(getattr(rules, k) == v for k, v in PRESETS.get(variant, {}).get(name, {}).items())


def test_a_choice_the_rules_refuse_in_combination_resets_its_partner() -> None:
    defaults = preset("chinese")
    house = choose(defaults, {}, "bezique_can_set_trump", True)
    assert apply_house(defaults, house).bezique_can_set_trump
    house = choose(defaults, house, "bezique_pair_scheme", "fixed_qs_jd")
    assert house == {"bezique_pair_scheme": "fixed_qs_jd"}  # the trump-setting bezique needs the other scheme
    assert "bezique_can_set_trump" not in [r.key for r in house_rules(defaults, apply_house(defaults, house))]


def test_targets_come_from_the_rules() -> None:
    for variant in SEATABLE_VARIANTS:
        setup = GameSetup(variant=variant)
        assert setup.players in (2, 3, 4, 6)  # six-handed too, since the table seats six
        assert tuple(v for v in allowed_targets(variant)) == allowed_targets(variant)
    assert 2000 in allowed_targets("three_handed") and 2000 in allowed_targets("four_handed")
    assert None in allowed_targets("rubicon")
    assert "master" not in MENU_LEVELS


# --- the screens -----------------------------------------------------------------------------------------------

@pytest.mark.usefixtures("shell_data")
def test_a_mixed_four_handed_table_with_a_house_rule_plays_and_is_recorded() -> None:
    shell = make_shell()
    app = shell.app
    form = app.stack.top
    assert isinstance(form, NewGameScene)
    press(app, chip(form, "variant", "four_handed"))
    press(app, chip(form, "sides", "individual"))
    press(app, chip(form, "target", 2000))
    press(app, chip(form, "seat2", True))  # seat 3 a person: two people and two computers
    press(app, "house")
    house = app.stack.top
    assert isinstance(house, HouseRulesScene)
    assert not house.rules.partnership  # the rows are those of the game as chosen: no partners' rules
    assert "partner_table_cards_usable" not in [r.key for r in house.rows()]
    index = [r.key for r in house.rows()].index("endgame_must_win_trick")
    key(app, pygame.K_HOME)
    for _ in range(index + 1):
        key(app, pygame.K_DOWN)
    assert house.rows()[house.focus].key == "endgame_must_win_trick"
    assert house.first > 0  # the list followed the focus down
    assert any(b.action.startswith("rule=endgame_must_win_trick=") for b in house.controls())
    key(app, pygame.K_RIGHT)
    assert house.rules.endgame_must_win_trick and preset_of(house.defaults, house.house) == "bicycle"
    key(app, pygame.K_RETURN)  # Done
    assert app.stack.top is form and form.setup.house_of()["endgame_must_win_trick"] is True
    press(app, "start")
    table = table_of(app)
    rules = table.session.rules
    assert rules.variant == "four_handed" and rules.four_hand_mode == "individual" and rules.target_score == 2000
    assert rules.endgame_must_win_trick and table.session.game.rules == rules
    assert [s.kind for s in table.session.seats] == ["human", "ai", "human", "ai"]
    app.tick(DT)
    assert table.session.seats[table.stage.viewer].kind == "human"  # the hand-over is to a person, never a computer
    assert [table.session.person_from(seat) for seat in range(4)] == [0, 2, 2, 0]
    assert table.session.game.to_dict()["rules"]["endgame_must_win_trick"] is True  # the record says it
    meta = saves.load_saved_game().meta
    assert meta["mode"] == "hotseat" and meta["level"] == form.setup.level
    assert meta["house_rules"] == ["endgame_must_win_trick"]  # the statistics' hook: four_hand_mode is New game's
    rng = random.Random(5)
    for _ in range(60):
        step(app, rng)
    assert len(table.session.state.tricks_log) >= 2 and table.sync_errors == 0  # tricks were played
    # next time, New game starts from these choices
    again = NewGameScene(app, shell)
    assert again.setup.variant == "four_handed" and again.setup.target == 2000
    assert again.setup.seat_kinds() == ["human", "ai", "human", "ai"]
    assert again.setup.ruleset(shell.defaults_for("four_handed")).endgame_must_win_trick


@pytest.mark.usefixtures("shell_data")
def test_house_rules_back_leaves_them_and_presets_apply_by_mouse() -> None:
    shell = make_shell()
    app = shell.app
    form = app.stack.top
    press(app, "house")
    house = app.stack.top
    press(app, "preset=traditional")
    assert house.rules.first_dealer_rule == "high_card_deals" and house.rules.multi_bezique_mode == "incremental"
    shown = [item.rule for item, _ in house.shown()]
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.tick(DT)
    assert house.first == 2 and next(item.rule for item, _ in house.shown()) == shown[2]  # the wheel scrolls
    key(app, pygame.K_ESCAPE)  # Back: nothing changes
    assert app.stack.top is form and form.setup.house_of() == {}
    press(app, "house")
    press(app, "preset=parlett")
    press(app, "done")
    assert form._house_summary() == "Parlett"
    press(app, "start")
    assert table_of(app).session.rules.brisque_timing == "immediate"
    assert saves.load_saved_game().meta["house_rules"] == ["brisque_timing", "four_tens_value"]


def _inside_and_apart(buttons: list[Button], size: tuple[int, int]) -> None:
    boxes = [b.box for b in buttons]
    for box in boxes:
        assert box.x >= 0 and box.right <= size[0] and box.y >= 0 and box.bottom <= size[1], box
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y, (a, b)


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 720)])  # 1920x1080 is 1280x720 scaled by 1.5
def test_both_screens_fit_every_variant_with_every_seat_a_person(size, lang) -> None:
    shell = make_shell(size, lang)
    app = shell.app
    form = app.stack.top
    for variant in SEATABLE_VARIANTS:
        press(app, chip(form, "variant", variant))
        form.setup.people = [True] * 5
        _inside_and_apart(form.controls(), size)
        form.setup.people = [False] * 5
        _inside_and_apart(form.controls(), size)
        app.draw()
        press(app, "house")
        house = app.stack.top
        seen = set()
        for _ in range(len(house.rows())):  # the whole list, a page at a time, each fitting
            controls = house.controls()
            _inside_and_apart(controls, size)
            seen |= {b.action.split("=")[1] for b in controls if b.action.startswith("rule=")}
            if house.focus == len(house.rows()) - 1:
                break
            key(app, pygame.K_PAGEDOWN)
        assert seen == {r.key for r in house.rows()}
        app.draw()
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is form


@pytest.mark.usefixtures("shell_data")
def test_config_yaml_gives_the_defaults_and_house_rules_lay_over_them(tmp_path) -> None:
    """The config file stays the source of defaults: its values are what the screen calls default, what Standard
    plays, and what a house rule is measured against (a house rule set back to config.yaml's value is no change)."""
    from bezique.config import load_config
    path = tmp_path / "config.yaml"
    path.write_text("variant: two_handed\nrules:\n  last_trick_bonus: 20\n  brisque_timing: immediate\n",
                    encoding="utf-8")
    config = load_config(path).config
    shell = make_shell()
    shell.config = config
    defaults = shell.defaults_for("two_handed")
    assert defaults.last_trick_bonus == 20 and defaults.brisque_timing == "immediate"
    rows = {r.key: r for r in house_rules(defaults, defaults)}
    assert rows["last_trick_bonus"].values == (10, 20, 50, 250) and rows["brisque_timing"].values[0] == "immediate"
    setup = GameSetup()
    assert setup.ruleset(defaults).last_trick_bonus == 20  # Standard: config.yaml's game
    setup.set_house(choose(defaults, {}, "last_trick_bonus", 50))
    assert setup.ruleset(defaults).last_trick_bonus == 50 and setup.ruleset(defaults).brisque_timing == "immediate"
    assert setup.house_rules_in_force(defaults) == ["last_trick_bonus"]
    setup.set_house(choose(defaults, setup.house_of(), "last_trick_bonus", 20))
    assert setup.house_of() == {} and setup.house_rules_in_force(defaults) == []
    assert shell.defaults_for("rubicon") == preset("rubicon")  # config.yaml's rules are for its own variant


@pytest.mark.usefixtures("shell_data")
def test_new_game_and_house_rules_with_the_keyboard_alone() -> None:
    shell = make_shell()
    app = shell.app
    form = app.stack.top
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # two_handed -> open -> three_handed
    assert form.setup.variant == "three_handed" and form.setup.players == 3
    rows = form.row_ids()
    for _ in range(rows.index("target")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # 1000 -> 2000 (wrapping round)
    assert form.setup.target == 2000
    for _ in range(rows.index("seat2") - rows.index("target")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)  # the third seat: a person
    assert form.setup.seat_kinds() == ["human", "ai", "human"]
    key(app, pygame.K_RETURN)  # type that person's name
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Bo"))
    app.tick(DT)
    key(app, pygame.K_RETURN)
    assert form.setup.names[2] == "Bo" and form.editing is None
    while form.row_ids()[form.row] != "house":
        key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    house = app.stack.top
    assert isinstance(house, HouseRulesScene)
    key(app, pygame.K_END)
    last = house.rows()[-1]
    assert house.focus == len(house.rows()) - 1
    assert any(b.action.startswith(f"rule={last.key}=") for b in house.controls())  # scrolled into view
    key(app, pygame.K_RIGHT)
    assert getattr(house.rules, last.key) == last.values[1]
    assert preset_of(house.defaults, house.house) == "custom"
    key(app, pygame.K_HOME)
    key(app, pygame.K_RIGHT)  # the presets row: from your own mix to the first preset, then the next
    assert preset_of(house.defaults, house.house) == "standard"
    key(app, pygame.K_RIGHT)
    assert preset_of(house.defaults, house.house) == preset_names("three_handed")[1] == "traditional"
    key(app, pygame.K_RETURN)
    assert app.stack.top is form and form.setup.house_of() == preset_house(form.defaults, "traditional")
    key(app, pygame.K_UP)  # target: Enter here starts the game
    key(app, pygame.K_RETURN)
    table = table_of(app)
    assert table.session.rules.first_dealer_rule == "high_card_deals" and table.session.rules.target_score == 2000
    assert [s.name for s in table.session.seats if s.kind == "human"] == ["Player 1", "Bo"]


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize(("size", "lang", "variant"), [((1024, 640), "fr", "six_handed"), ((1280, 720), "en", None)])
def test_a_damaged_new_game_file_is_said_on_new_game_too(size, lang, variant, monkeypatch) -> None:
    """The choices could not be read: New game says so, where the player sees them back at their defaults, whole,
    between Back and Start and clear of the form (six seats at 1024x640 too); the menu's notice, which says where
    the file was kept, is still there."""
    storage.data_dir().mkdir(parents=True, exist_ok=True)
    new_game.new_game_path().write_text('{"format": "bezique-new-game", "choices": {', encoding="utf-8")
    shell = make_shell(size=size, lang=lang)
    app, form = shell.app, shell.app.stack.top
    assert isinstance(form, NewGameScene)
    said = app.t("problem.new_game_damaged")
    assert form.problem == said and any(n.startswith(said) for n in shell.notices)
    if variant:
        chip = next(b for b in form.controls() if b.action == f"variant={SEATABLE_VARIANTS.index(variant)}")
        click(app, (chip.box.cx, chip.box.cy))
        assert form.setup.variant == variant and form.problem == said
    drawn = spy_on_blit_text(monkeypatch)
    form.draw(app.screen)
    title = app.t("newgame.title")
    lines = [(text, rect) for text, rect, _ in drawn if len(text) > 8 and text in said and text != title]
    assert " ".join(text for text, _ in lines) == said  # whole, on one line or two
    _, box, rows = form.layout()
    for _, rect in lines:
        assert box.x <= rect.x and rect.right <= box.right and box.y <= rect.y and rect.bottom <= box.bottom
        assert not any(rect.colliderect(pygame.Rect(b.box.ints())) for b in form.controls())
        assert not any(rect.colliderect(pygame.Rect(row.box.ints())) for row in rows)
    seats = [row for row in rows if row.rid.startswith("seat")]
    blurb = next(r for t, r, _ in drawn if t.startswith(app.t("newgame.players_blurb")[:12]))
    assert seats and not any(rect.colliderect(blurb) for _, rect in lines)
    assert NewGameScene(app, shell).problem is None  # said once: the file was set aside


@pytest.mark.usefixtures("shell_data")
@pytest.mark.parametrize("size", [(1088, 640), (1920, 1080)])
def test_start_and_back_stay_put_whatever_the_form_holds(size) -> None:
    """Choosing a variant with more seats, or a second person, once re-centred the form, moving Start from under the
    pointer between two clicks (issue 43)."""
    shell = make_shell(size)
    shell.new_game_screen()
    form = shell.app.stack.top
    assert isinstance(form, NewGameScene)

    def placed() -> tuple:
        return tuple(b.box for b in form.controls() if b.action in ("start", "back"))

    first = placed()
    for variant in SEATABLE_VARIANTS:
        press(shell.app, chip(form, "variant", variant))
        assert placed() == first, variant
    press(shell.app, "seat1=1")  # a second person: a name field more
    assert placed() == first
