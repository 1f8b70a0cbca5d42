"""The chat panel (bezique/ui/kit/chat.py), driven by real pygame events through the queue: what it sends, what it
holds and wraps, its boxes, the unread count, the toasts' lifetime in stepped time, the length limit, and that it
takes the keyboard while open and only M and its tab while closed; drawn at three window sizes in three languages
with every row inside its box."""

from __future__ import annotations

import pygame
import pytest

from bezique.commands.fit_judge import inside
from bezique.geometry import Box
from bezique.i18n import LANGUAGES, t
from bezique.ui.card_art import CARD_ART
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.chat import HELD, NAME_MINE, NAME_THEIRS, ChatPanel
from bezique.ui.kit.chat_layout import PAD, TEXT, chat_size
from bezique.ui.kit.chat_rows import wrap_words
from bezique.ui.kit.chat_toasts import TOAST_FADE, TOAST_LIFE, TOASTS_SHOWN
from bezique.ui.kit.drawn import recording
from bezique.ui.kit.typeset import READABLE_PX
from bezique.ui.kit.widgets import scale_of

LIMIT = 300
SIZES = [(1024, 640), (1280, 720), (1920, 1080)]
LONG_WORD = "ha" * 150  # 300 characters with no space: a laugh, or a link


@pytest.fixture(scope="module")
def assets(window_assets):
    return window_assets


def make_chat(size=(1280, 720), lang="en", limit=LIMIT, top=False):
    """A chat at the lower-left corner of a `size` window (the upper-left with `top`), and the list it sends to."""
    sent: list[str] = []
    chat = ChatPanel(sent.append, lambda key: t(key, lang), limit)
    s = scale_of(size)
    w, h = chat_size(s)
    chat.layout(Box(16 * s, 16 * s if top else size[1] - h - 16 * s, w, h), s, top=top)
    return chat, sent


def feed(chat, *events):
    """Post `events` to pygame's queue and hand the chat each one taken back from it; what it answered for each."""
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    return [chat.handle_event(event) for event in pygame.event.get()]


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def text(typed):
    return pygame.event.Event(pygame.TEXTINPUT, text=typed)


def click(pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def centre(box):
    return box.cx, box.cy


def test_closed_it_takes_only_t_and_clicks_on_its_tab(assets):
    chat, _ = make_chat()
    assert not chat.is_open and chat.box == chat.tab_box
    assert feed(chat, key(pygame.K_c), key(pygame.K_h), text("c"), key(pygame.K_RETURN), key(pygame.K_ESCAPE),
                *click((640, 300))) == [False] * 7
    assert not chat.is_open and chat.draft == ""
    assert feed(chat, key(pygame.K_m, pygame.KMOD_CTRL)) == [False]  # Ctrl+M is not the chat's
    assert feed(chat, key(pygame.K_m)) == [True] and chat.is_open and chat.box == chat.area
    feed(chat, key(pygame.K_ESCAPE))
    assert feed(chat, *click(centre(chat.tab_box))) == [True, True] and chat.is_open


def test_open_it_takes_the_keyboard_so_the_tables_keys_do_nothing(assets):
    chat, sent = make_chat()
    feed(chat, key(pygame.K_m))
    keys = [key(k) for k in (pygame.K_c, pygame.K_h, pygame.K_l, pygame.K_LEFT, pygame.K_SPACE, pygame.K_TAB)]
    ups = [pygame.event.Event(pygame.KEYUP, key=pygame.K_c, mod=0, unicode="", scancode=0)]
    assert feed(chat, *keys, *ups, text("ch")) == [True] * 8
    assert chat.is_open and chat.draft == "ch" and sent == []
    assert feed(chat, pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0))) \
        == [False]  # the table still sees where the pointer is


def test_typing_fills_the_line_and_enter_sends_it(assets):
    chat, sent = make_chat()
    # the M that opens it may come back as the text "m" just after its key: it is not typed
    feed(chat, key(pygame.K_m), text("m"), text("Hello"), text(" there"), text(" friend"))
    assert chat.draft == "Hello there friend"
    feed(chat, key(pygame.K_BACKSPACE))
    assert chat.draft == "Hello there frien"
    feed(chat, key(pygame.K_BACKSPACE, pygame.KMOD_CTRL))  # Ctrl+Backspace: the last word
    assert chat.draft == "Hello there "
    feed(chat, text("\x07m"), key(pygame.K_BACKSPACE), text("mm"))  # a later "m" is typed; no control characters
    assert chat.draft == "Hello there mm"
    feed(chat, key(pygame.K_RETURN))
    assert sent == ["Hello there mm"] and chat.draft == "" and not chat.is_open
    feed(chat, *click(centre(chat.tab_box)), text("  spaced   out  "), key(pygame.K_KP_ENTER))
    assert sent == ["Hello there mm", "spaced out"]


def test_a_blank_line_is_not_sent(assets):
    chat, sent = make_chat()
    feed(chat, key(pygame.K_m), key(pygame.K_RETURN))
    feed(chat, key(pygame.K_m), text("   "), key(pygame.K_RETURN))
    assert sent == [] and not chat.is_open


def test_esc_or_a_click_outside_closes_it_and_keeps_the_draft(assets):
    chat, sent = make_chat()
    feed(chat, key(pygame.K_m), text("half a thought"), key(pygame.K_ESCAPE))
    assert not chat.is_open and chat.draft == "half a thought" and sent == []
    feed(chat, key(pygame.K_m))
    assert chat.draft == "half a thought"
    assert feed(chat, *click(centre(chat.sheet_box))) == [True, True] and chat.is_open  # inside: it stays
    assert feed(chat, *click(centre(chat.input_box))) == [True, True] and chat.is_open
    # a click outside only closes it (it must not also play a card), its release too
    assert feed(chat, *click((900, 300))) == [True, True] and not chat.is_open
    assert chat.draft == "half a thought"
    assert feed(chat, *click((900, 300))) == [False, False]  # closed: the table's
    feed(chat, *click(centre(chat.tab_box)), *click(centre(chat.tab_box)))  # the tab opens and closes it
    assert not chat.is_open and chat.draft == "half a thought"


def test_typing_stops_at_the_limit(assets):
    chat, sent = make_chat(limit=10)
    feed(chat, key(pygame.K_m), text("12345678"))
    assert chat.refused == 0
    feed(chat, text("abcd"))
    assert chat.draft == "12345678ab" and chat.refused > 0
    feed(chat, text("z"))
    assert chat.draft == "12345678ab"
    chat.update(1.0)
    assert chat.refused == 0
    feed(chat, key(pygame.K_RETURN))
    assert sent == ["12345678ab"]
    chat, sent = make_chat()
    feed(chat, key(pygame.K_m), *[text("x" * 7) for _ in range(50)], key(pygame.K_RETURN))
    assert sent == ["x" * LIMIT]


def test_unread_lines_are_counted_while_closed_and_read_on_opening(assets):
    chat, _ = make_chat()
    chat.add("Alice", "hello", False)
    chat.add("Bruno", "hi", True)  # this window's own line, echoed back: not unread
    chat.add("Alice", "ready?", False)
    assert chat.unread == 2 and [said.text for said in chat.lines] == ["hello", "hi", "ready?"]
    feed(chat, key(pygame.K_m))
    assert chat.unread == 0 and chat.toasts == []
    chat.add("Alice", "go on", False)
    assert chat.unread == 0 and chat.toasts == []  # open: read as it comes
    for i in range(HELD + 20):
        chat.add("Alice", f"line {i}", False)
    assert len(chat.lines) == HELD and chat.lines[-1].text == f"line {HELD + 19}"


def test_a_new_line_shows_as_a_toast_that_fades_and_goes(assets):
    chat, _ = make_chat()
    chat.add("Alice", "nice marriage", False)
    (toast,) = chat.toasts
    chat.update(1.0)
    assert toast.alpha == 255
    chat.update(TOAST_LIFE - TOAST_FADE / 2 - 1.0)
    assert 0 < toast.alpha < 255 and chat.toasts == [toast]  # fading
    chat.update(TOAST_FADE / 2 - 0.01)
    assert chat.toasts == [toast]
    chat.update(0.02)
    assert chat.toasts == []
    for i in range(TOASTS_SHOWN + 2):
        chat.add("Alice", f"line {i}", False)
    assert [toast.said.text for toast in chat.toasts] == [f"line {i}" for i in range(2, TOASTS_SHOWN + 2)]


def test_rows_break_at_spaces_and_cut_a_word_no_row_holds(assets):
    font = assets.font(TEXT)
    words = "the bezique is the queen of spades with the jack of diamonds, forty points when declared"
    rows = wrap_words(font, words, 80, 200)
    assert len(rows) > 2 and " ".join(rows) == words
    assert font.size(rows[0])[0] <= 80 and all(font.size(row)[0] <= 200 for row in rows[1:])
    rows = wrap_words(font, LONG_WORD, 80, 200)
    assert "".join(rows) == LONG_WORD and all(font.size(row)[0] <= 200 for row in rows)
    assert wrap_words(font, "", 80, 200) == [""]
    assert wrap_words(font, "supercalifragilistic", 10, 400) == ["", "supercalifragilistic"]  # the next row holds it


def test_a_line_is_held_in_rows_with_the_name_on_its_first(assets):
    chat, _ = make_chat()
    chat.add("Alice", "one two three four five six seven eight nine ten eleven twelve thirteen fourteen", False)
    chat.add("Bruno", "ok", True)
    chat.add("Carla", "and me", False)
    chat.add("Alice", "hi Carla", False)
    rows = chat.rows(assets)
    assert rows[0].name == "Alice" and len(rows) >= 5
    assert all(row.name == "" for row in rows[1:-3]) and rows[-3] == ("Bruno", "ok", NAME_MINE, True)
    # each sender's name in a colour of its own, kept from line to line
    assert rows[0].colour == rows[-1].colour == NAME_THEIRS[0] and rows[-2].colour == NAME_THEIRS[1]


def test_scrolling_back_shows_older_lines(assets):
    chat, _ = make_chat()
    for i in range(30):
        chat.add("Alice", f"line {i}", False)
    feed(chat, key(pygame.K_m))
    newest = chat.visible_rows(assets)[0][-1][0].text
    assert newest == "line 29"
    feed(chat, key(pygame.K_PAGEUP), key(pygame.K_PAGEUP))
    assert chat.visible_rows(assets)[0][-1][0].text == "line 27"
    pointer = pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(map(int, centre(chat.sheet_box))), rel=(0, 0),
                                 buttons=(0, 0, 0))
    assert feed(chat, pointer, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)) == [False, True]
    assert chat.visible_rows(assets)[0][-1][0].text == "line 28"
    feed(chat, *[key(pygame.K_PAGEUP) for _ in range(40)])
    assert chat.scroll == 29  # the oldest line at the foot, no further


def test_its_boxes_sit_in_its_corner(assets):
    for top in (False, True):
        chat, _ = make_chat(top=top)
        a, tab, sheet = chat.area, chat.tab_box, chat.sheet_box
        assert (tab.y == a.y) if top else (tab.bottom == a.bottom)
        assert not tab.intersects(sheet) and sheet.x == a.x and sheet.w == a.w
        for inner in (chat.text_box, chat.input_box):
            assert sheet.x < inner.x and inner.right < sheet.right and sheet.y < inner.y and inner.bottom < sheet.bottom
        assert chat.text_box.bottom <= chat.input_box.y


def _row_widths(assets, chat, row):
    size = TEXT * chat.s
    name = assets.font(size, True).size(row.name + " ")[0] if row.name else 0
    return name + assets.font(size).size(row.text)[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_it_draws_at_every_size_in_every_language_with_its_rows_in_its_box(assets, size, lang):
    surface = pygame.Surface(size)
    chat, _ = make_chat(size, lang)
    chat.draw(surface, assets)  # empty and closed
    label = t("chat.title", lang)
    assert assets.font(20 * chat.s, True).size(label)[0] < chat.tab_box.w - 60 * chat.s  # the tab holds its label
    chat.add("Alice-Marie de la Tour d'Auvergne", "Bonjour ! " * 20, False)
    chat.add("Bruno", LONG_WORD, True)
    chat.add("Alice", "short", False)
    chat.draw(surface, assets)  # closed, with toasts
    for toast in chat.toasts:
        rows = chat.toast_rows(assets, toast.said)
        assert len(rows) <= 2 and all(_row_widths(assets, chat, row) <= chat.area.w - 2 * PAD * chat.s for row in rows)
    feed(chat, key(pygame.K_m), text("a draft far wider than its field " * 6))
    for clock in (0.0, 0.7):  # the caret shown and not
        chat.update(clock)
        chat.draw(surface, assets)
    placed, cut = chat.visible_rows(assets)
    box, step = chat.text_box, assets.font(TEXT * chat.s).get_linesize()
    assert placed and cut  # the long lines fill it: the oldest rows go off the top
    for row, y in placed:
        assert _row_widths(assets, chat, row) <= box.w, row
        assert box.y <= y and y + step <= box.bottom + 1
    assert min(chat.area.x, chat.area.y) >= 0 and chat.area.right <= size[0] and chat.area.bottom <= size[1]
    empty, _ = make_chat(size, lang)
    feed(empty, key(pygame.K_m))
    empty.draw(surface, assets)  # open with nothing said yet


def test_a_turn_of_the_wheel_outside_does_not_close_it(assets):
    chat, _ = make_chat()
    feed(chat, key(pygame.K_m))
    # pygame reports the wheel as a MOUSEWHEEL and as a press of button 4 or 5 where the pointer is
    assert feed(chat, *click((900, 300), button=4)) == [False, False] and chat.is_open
    assert feed(chat, *click(centre(chat.sheet_box), button=5))[0] is True and chat.is_open


@pytest.mark.parametrize("text_size", ["normal", "larger"])
@pytest.mark.parametrize("size", [(1024, 600), (1024, 640), (1920, 1080)])
def test_every_text_it_draws_open_stays_in_its_place_whole(size, text_size):
    """The title, the hint, the lines said (a long name among them), the draft's end, the count and the tab's words
    inside the boxes they belong in, none cut, at the smallest and largest window and the largest text size, as the
    frame's record (``drawn``) says: the hint goes under the title where it would be cut beside it."""
    big = Assets(CARD_ART, text_size=text_size)
    chat, _ = make_chat(size, "fr", limit=300)
    chat.add("Bartholomew Fitzgerald", "bonjour à tous, une longue phrase pour remplir plus d'une ligne", False)
    draft = "une phrase bien plus longue que le champ où elle s’écrit, " * 5
    feed(chat, key(pygame.K_m), text(draft))
    with recording() as frame:
        chat.draw(pygame.Surface(size), big)
    boxes = {"sheet": chat.sheet_box, "input": chat.input_box, "tab": chat.tab_box, "text": chat.text_box}
    texts = [text for text in frame.texts if text.drawn.strip()]
    hint = [text.drawn for text in texts if text.drawn in t("chat.hint", "fr")]
    assert " ".join(hint) == t("chat.hint", "fr")  # whole, on one row or two
    rows = [text.drawn for text in texts if text.within == chat.text_box]
    assert {"Bartholomew Fitzgerald", "Bartholomew"} & set(rows)  # the name whole, on rows of its own if need be
    shown = next(text.drawn for text in texts if text.box.y >= chat.input_box.y and "/300" not in text.drawn)
    assert chat.draft.endswith(shown) and len(shown) < len(chat.draft)  # the end of a long draft
    where = {t("chat.title", "fr"): ("sheet", "tab"), "M": ("tab",), f"{len(chat.draft)}/300": ("input",),
             shown: ("input",)}
    for drawn in texts:
        assert not drawn.cut and drawn.px >= READABLE_PX, drawn
        places = where.get(drawn.drawn, ("text",) if drawn.drawn in rows else ("sheet",))
        assert any(inside(drawn.box, boxes[b], 1) for b in places), (drawn, places)
    assert not frame.cuts
