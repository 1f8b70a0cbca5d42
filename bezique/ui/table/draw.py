"""Drawing the table: a pure function of what it reads through ``protocol.TableView`` (STYLE.md lesson 8) — it
reads, never writes, and never sees the scene."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, NamedTuple

import pygame

from bezique.geometry import Box
from bezique.presenter.layout import CARD_ASPECT, PROMPT, TRICK_NAME, Layout, card_box
from bezique.presenter.model import stock_depth
from bezique.presenter.words import suit_word
from bezique.rules import SEVEN, BeziquePairScheme, SevenScoring, Verb, bezique_pair, rank_of
from bezique.ui.kit.assets import CREAM, GOLD, MUTED, Assets
from bezique.ui.kit.drawn import inside
from bezique.ui.kit.floaters import draw_floater
from bezique.ui.kit.layers import Layer, ellipse, kept
from bezique.ui.kit.sprites import CardSprite
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import blit_text, draw_fitted, panel, pill_text, tooltip
from bezique.ui.table.badges import BadgeFace, badge_faces, paint_badge, paint_dealer_token
from bezique.ui.table.banner import draw_banner
from bezique.ui.table.decl_panel import draw_declaration_panel, seven_cards
from bezique.ui.table.last_trick import draw_last_trick
from bezique.ui.table.meld_chips import draw_meld_chips
from bezique.ui.table.meld_rows import HAND, chip_layout, chips_width, draw_chips
from bezique.ui.table.status import paint_status, status_face

if TYPE_CHECKING:
    from bezique.ui.table.protocol import TableView

HINT_GLOW = (120, 230, 255)
MELD_GLOW = (255, 214, 110)


def draw_table(view: TableView, surface: pygame.Surface) -> None:
    L, A = view.layout, view.app.assets
    badges = _panels(view, surface)
    with inside(L.stock):
        _zones(view, surface)
    _cards(view, surface)
    paint_dealer_token(surface, A, badges)
    _stock_side(view, surface)
    draw_meld_chips(view, surface)
    _trick_names(view, surface)
    with inside(L.won):
        _won_labels(view, surface)
    if view.peek and view.can_peek():
        draw_last_trick(view, surface)
    buttons, decl = view.buttons()
    if decl:
        draw_declaration_panel(view, surface, decl)
    _prompt(view, surface)
    for b in buttons:
        b.draw(surface, A, L.s, hot=view.hover_button == b.action)
    reason = view.disabled_reason(view.hover_disabled) if view.hover_disabled else None
    if reason:
        tip = next(b.box for b in buttons if b.action == view.hover_disabled)
        tooltip(surface, A, reason, tip, L.s, right=L.width - L.margin)
    shown = view.shown_cards
    if shown is not None and view.time < shown[2]:
        _shown_cards(view, surface, shown[0], shown[1])
    _floaters(view, surface)
    if view.cut_timer > 0:
        _cut(view, surface)
    if view.banner:
        draw_banner(surface, view.app.assets, view.app.t, view.layout, view.banner)


_BACKGROUND = Layer()


def _background(view: TableView, surface: pygame.Surface) -> None:
    """The felt, its oval where the melds and the trick lie, and the side zones that hold something, each in a
    faint well: the stock and trumps, the tricks won with their heading (an empty table is felt, not a form of
    empty boxes). One layer, drawn again only when what it reads changes (``_background_key``)."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    key = _background_key(view)
    heading, stock, won = key.heading, key.stock, key.won

    def draw(layer: pygame.Surface) -> None:
        layer.blit(A.felt(layer.get_size()), (0, 0))
        oval = L.felt()
        layer.blit(ellipse((int(oval.w), int(oval.h)), (0, 0, 0, 30)), (oval.x, oval.y))
        rim = pygame.Surface((int(oval.w), int(oval.h)), pygame.SRCALPHA)
        pygame.draw.ellipse(rim, (255, 240, 200, 26), rim.get_rect(), width=max(1, round(2 * s)))
        layer.blit(rim, (oval.x, oval.y))
        if stock:
            _soft_box(layer, L.stock)
        if won:
            _soft_box(layer, L.won)
            blit_text(layer, A, heading, Type.BODY * s, (L.won.x + 12 * s, L.won.y + 8 * s), GOLD, bold=True,
                      within=L.won)

    _BACKGROUND.blit(surface, key, draw)


class _BackgroundKey(NamedTuple):
    """All that the background reads: the assets (their felt and text size), the layout, the heading's words, and
    whether there is a stock (or trumps) and are tricks won to show."""

    assets: Assets
    felt: str
    text_scale: float
    layout: Layout
    heading: str
    stock: bool
    won: bool


def _background_key(view: TableView) -> _BackgroundKey:
    A, m = view.app.assets, view.model
    return _BackgroundKey(A, A.table_colour, A.text_scale, view.layout, view.app.t("table.tricks_won"),
                          m.trump is not None or bool(m.stock) or m.turn_up is not None, any(m.won.values()))


def _zones(view: TableView, surface: pygame.Surface) -> None:
    """Over the background: what the zones say of the game (trumps, the stock's count)."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    T = view.app.t
    m = view.model
    # stock zone: trump marker and count
    if m.trump is not None:
        size = round(50 * s)
        age = view.time - view.trump_flash
        if 0 <= age < 1.6:  # trumps just set by a meld: the marker pops in with a ring
            size = round(size * (1.0 + 0.35 * math.sin(min(age / 1.6, 1.0) * math.pi)))
            ring = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
            pygame.draw.circle(ring, (*GOLD, int(200 * (1 - age / 1.6))), (size, size),
                               int(size * (0.6 + age * 0.5)), width=max(2, int(4 * s)))
            surface.blit(ring, (L.stock.x + 6 * s + 25 * s - size, L.stock.y + 4 * s + 25 * s - size))
        marker = A.trump_marker(m.trump, size)
        surface.blit(marker, (L.stock.x + 6 * s, L.stock.y + 4 * s))
        x = L.stock.x + 12 * s + size
        noted = seven_turned_up(view)  # the line goes to the marker's top, the note under it
        trumps = blit_text(surface, A, T("table.trump_suit", suit=suit_word(m.trump, view.app.lang)), Type.BODY * s,
                           (x, L.stock.y + (4 * s if noted else 4 * s + size / 2)), GOLD,
                           "topleft" if noted else "midleft", bold=True, shadow=True,
                           max_width=L.stock.right - 8 * s - x)
        if noted:
            # beside the marker under the trumps' line, above the cards: in the cards' room it ran under them
            # (1088x640), and on two lines of a fixed width it was cut mid-word (1024x640, Italian and French)
            cards = min(card_box(L.stock_slot()).y, card_box(L.turn_up_slot()).y)
            draw_fitted(surface, A, T("table.turn_up_seven"), Type.NOTE * s,
                        Box(x, trumps.bottom, L.stock.right - 8 * s - x, max(cards - 2 * s - trumps.bottom, 1.0)),
                        MUTED, leading=NOTE_LEADING)
    elif not view.session.rules.turn_up_trump and view.screen.deal_index >= 0 and (m.stock or m.hands[view.viewer]):
        blit_text(surface, A, T("table.no_trumps_yet"), Type.BODY * s, (L.stock.x + 12 * s, L.stock.y + 29 * s), CREAM,
                  "midleft", bold=True, shadow=True, max_width=L.stock.w - 24 * s)
    _stock_note(view, surface)
    count = len(m.stock) + (1 if m.turn_up is not None else 0)
    if m.trump is not None or count:
        blit_text(surface, A, T("table.stock_short", count=count), Type.BODY * s,
                  (L.stock.cx, L.stock.bottom - 4 * s), CREAM, "midbottom", shadow=True)


def _stock_side(view: TableView, surface: pygame.Surface) -> None:
    """The stock's side beside its top card: a card edge per step of the pile's height (``model.stock_depth``), so
    168 cards stand visibly taller than 10 (only the top few cards are sprites, and their shadows hid the pile).
    Drawn over the cards, all but the top card's face, while the stock is at rest."""
    L, m = view.layout, view.model
    steps = stock_depth(len(m.stock))
    top = view.sprites.get(m.stock[-1]) if m.stock else None
    if steps < 2 or top is None or top.tween is not None or top.drag is not None:
        return
    boxes = [card_box(L.stock_slot(d)) for d in range(steps + 1)]
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    w, h = max(b.right for b in boxes) - x0 + 1, max(b.bottom for b in boxes) - y0 + 1

    def make(side: pygame.Surface) -> None:
        radius = max(2, round(boxes[0].w / 14))
        for box in boxes[:-1]:  # the bottom card first, each step up over it
            rect = pygame.Rect(round(box.x - x0), round(box.y - y0), round(box.w), round(box.h))
            pygame.draw.rect(side, (236, 228, 206), rect, border_radius=radius)
            pygame.draw.rect(side, (128, 120, 104), rect, width=1, border_radius=radius)
        face = boxes[-1]
        side.fill((0, 0, 0, 0), pygame.Rect(round(face.x - x0), round(face.y - y0), round(face.w), round(face.h)))

    surface.blit(kept(("stock side", tuple(boxes)), (round(w), round(h)), make), (round(x0), round(y0)))


NOTE_LEADING = 0.9  # the stock's note's lines, closer than running text: its room is a line and a half at 1024x640


def seven_turned_up(view: TableView) -> bool:
    """Whether the stock says why no seven can be exchanged: the turn-up is itself the seven."""
    m, rules = view.model, view.session.rules
    return m.turn_up is not None and rank_of(m.turn_up) == SEVEN and rules.seven_of_trumps_scoring != SevenScoring.NONE


def _stock_note(view: TableView, surface: pygame.Surface) -> None:
    """Which queen and jack make the bezique now, under the trump marker (Chinese: it follows trumps; the rules say
    which)."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    m, rules, T = view.model, view.session.rules, view.app.t
    if m.trump is not None and rules.bezique_pair_scheme != BeziquePairScheme.FIXED_QS_JD:
        pair = bezique_pair(rules, m.trump)
        if pair is None:
            return
        x, y = L.stock.x + 14 * s, L.stock.y + 62 * s  # under the marker, left of the stock (no turn-up here)
        blit_text(surface, A, T("table.bezique_now"), Type.NOTE * s, (x, y), CREAM, bold=True, shadow=True)
        row = Box(x - 3 * s, y + 20 * s, 0, 40 * s)
        draw_chips(surface, A, chip_layout(pair, lambda _card: HAND, x + chips_width(2, s), row, s), s)


def _soft_box(surface: pygame.Surface, box: Box) -> None:
    """A faint darker well in the felt, with a hairline highlight."""
    x, y, w, h = box.ints()
    if w <= 0 or h <= 0:
        return

    def make(surf: pygame.Surface) -> None:
        pygame.draw.rect(surf, (0, 0, 0, 34), (0, 0, w, h), border_radius=14)
        pygame.draw.rect(surf, (255, 240, 200, 40), (0, 0, w, h), width=1, border_radius=14)

    surface.blit(kept(("soft box", w, h), (w, h), make), (x, y))


_PANELS = Layer()


def _panels(view: TableView, surface: pygame.Surface) -> tuple[BadgeFace, ...]:
    """The background (``_background``) with the seats' badges and the status panel over it: one layer, painted
    again only when a badge's or the status's face changes (a score landing, the turn passing, "thinking…"'s
    dots, a trick gathered), or the background does. Returns the badges' faces (their dealer's token comes later,
    over the cards)."""
    A = view.app.assets
    background = _background_key(view)
    badges, status = badge_faces(view), status_face(view)

    def draw(layer: pygame.Surface) -> None:
        _background(view, layer)
        for face in badges:
            paint_badge(layer, A, face)
        paint_status(layer, A, status)

    _PANELS.blit(surface, (background, badges, status), draw)
    return badges


def _cards(view: TableView, surface: pygame.Surface) -> None:
    A = view.app.assets
    m = view.model
    trace = getattr(view.app, "trace", None)
    my_hand = set(m.hands[view.viewer])
    mine = my_hand | set(m.tables[view.viewer])
    playable = view.playable()
    final = view.screen.final_phase
    glow_keys: dict[int, tuple[int, int, int]] = {}
    if view.hint is not None and view.human_turn():
        action = view.hint[0]
        for card in action.cards:
            glow_keys[card] = HINT_GLOW
    melds = view.decl_melds()
    if view.hover_meld is not None and view.hover_meld < len(melds):
        for card in melds[view.hover_meld].cards:
            glow_keys[card] = MELD_GLOW
    if view.hover_button in ("exchange", "declare7"):
        for card in seven_cards(view):
            glow_keys[card] = MELD_GLOW
    if view.hint is not None and view.hint[0].verb == Verb.MELD:
        for card in view.hint[0].cards:
            glow_keys[card] = HINT_GLOW

    def order(sprite: CardSprite) -> tuple[int, int]:
        lifted = 2 if sprite.drag is not None else 1 if sprite.tween is not None and sprite.tween.started else 0
        return lifted, sprite.z

    for sprite in sorted(view.sprites.values(), key=order):
        key = sprite.key
        back = view.curtain and key in my_hand
        dim = bool(final and playable and key in mine and (key & 31) not in playable)
        sprite.draw(surface, A, glow_keys.get(key), trace, back=back, dim=dim)


def _trick_names(view: TableView, surface: pygame.Surface) -> None:
    """With three or more players, who played each card of the trick: a name on the card's outer edge (the upper
    edge of a card played from the top of the table, six-handed's row of seats included; the others' lower edge).
    The layout gave the trick the room for them (``Layout.trick_h``); a long name is cut on its pill, and read
    whole on its badge."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    m = view.model
    if L.players <= 2:
        return
    size = TRICK_NAME * s
    h = A.font(size, True).get_linesize() + 4 * s
    for i, (seat, card) in enumerate(m.trick):
        sprite = view.sprites.get(card)
        if sprite is None or sprite.tween is not None:
            continue
        slot = L.trick_slot(i, m.rel(seat))
        top = L.pos_of(m.rel(seat)) in ("top", "top_left", "top_right") or (L.players == 6 and m.rel(seat) != 0)
        # on the edge; six-handed's row has the room to keep it just off the card, clear of the card's index
        out = h / 2 - 3 * s if L.players == 6 else 0.0
        centre = (slot.cx, slot.cy + (-1 if top else 1) * (slot.height / 2 + out))
        pill_text(surface, A, view.session.seats[seat].name, size, centre, slot.height * CARD_ASPECT * 1.1 + 12 * s,
                  back=(0, 0, 0, 170), pad=(6 * s, 2 * s), readable_whole=True)


def _won_labels(view: TableView, surface: pygame.Surface) -> None:
    L, A, s = view.layout, view.app.assets, view.layout.s
    m = view.model
    for seat in (view.viewer, *m.others):
        n = len(m.won[seat]) // max(view.session.rules.players, 1)
        slot = L.won_slot(m.rel(seat))
        label = view.app.t("table.tricks", count=n)
        x = slot.cx + slot.height * 0.62
        # whose pile it is, then its count: without the name two "0 tricks" rows cannot be told apart
        blit_text(surface, A, view.session.seats[seat].name, Type.NOTE * s, (x, slot.cy - 2 * s), MUTED,
                  "bottomleft", max_width=L.won.right - x - 6 * s, readable_whole=True)  # whole on its badge
        blit_text(surface, A, label, Type.NOTE * s, (x, slot.cy), CREAM, "topleft", shadow=True,
                  max_width=L.won.right - x - 6 * s)



def _prompt(view: TableView, surface: pygame.Surface) -> None:
    """The turn's words (or what the table just said) on a pill over the player's hand, between the side columns."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    text, colour = view.prompt(), GOLD
    if view.message is not None:
        text, colour = view.message[0], view.message[2]
    if not text:
        return
    pill_text(surface, A, text, PROMPT * s, (L.prompt.cx, L.prompt.cy), L.won.x - L.stock.right - 16 * s, colour,
              (0, 0, 0, 110), pad=(14 * s, 2 * s), shadow=True)


def _floaters(view: TableView, surface: pygame.Surface) -> None:
    for f in view.floaters:  # rising into their score panels (bezique.ui.kit.floaters)
        draw_floater(surface, view.app.assets, f, view.layout.s)


def _shown_cards(view: TableView, surface: pygame.Surface, seat: int, cards: tuple[int, ...]) -> None:
    """Carte blanche: `seat`'s hand (or drawn card) shown to the table for a moment."""
    L, A, s = view.layout, view.app.assets, view.layout.s
    ch = L.small_h
    step = ch * CARD_ASPECT * 0.8
    title = view.app.t("table.carte_blanche", name=view.session.seats[seat].name)
    cards_w = step * (len(cards) - 1) + ch * CARD_ASPECT
    # as wide as its title too: one drawn card under "You: carte blanche!" must not cut the title
    title_font = A.font(Type.LABEL * s, True)
    width = min(max(cards_w, title_font.size(title)[0]) + 24 * s, L.width - 24 * s)
    cards_top = 6 * s + title_font.get_linesize() + 6 * s  # under the title's line at any text size
    box = Box(L.width / 2 - width / 2, L.trick.cy - ch / 2 - cards_top - 4 * s, width, ch + cards_top + 16 * s)
    panel(surface, box, alpha=235, edge=GOLD, edge_width=2)
    blit_text(surface, A, title, Type.LABEL * s, (box.cx, box.y + 6 * s), GOLD, "midtop", bold=True,
              max_width=box.w - 12 * s)
    for i, card in enumerate(cards):
        img = A.card(card, ch)
        surface.blit(img, (box.cx - cards_w / 2 + i * step, box.y + cards_top))


def _cut(view: TableView, surface: pygame.Surface) -> None:
    L, A, s = view.layout, view.app.assets, view.layout.s
    cut = view.session.capabilities.cut
    if cut is None or not cut.cut:
        return
    rounds = cut.cut
    drawn = rounds[-1]
    # the panel stands as tall as its lines at the player's text size: the title, the cards, the names, the dealer
    title_h, name_h = A.font(Type.HEADING * s, True).get_linesize(), A.font(Type.BODY * s).get_linesize()
    cards_top = 12 * s + title_h + 8 * s
    height = cards_top + L.mid_h + 4 * s + name_h + 10 * s + A.font(Type.LABEL * s, True).get_linesize() + 12 * s
    box = Box(L.width / 2 - 230 * s, L.trick.y - 60 * s, 460 * s, height)
    panel(surface, box, alpha=225, edge=GOLD)
    blit_text(surface, A, view.app.t("table.cut_title"), Type.HEADING * s, (box.cx, box.y + 12 * s), GOLD,
              "midtop", bold=True, max_width=box.w - 24 * s)
    for i, (seat, face) in enumerate(drawn):
        cx = box.cx + (-90 if i == 0 else 90) * s
        img = A.card(face, L.mid_h)
        rect = surface.blit(img, img.get_rect(center=(round(cx), round(box.y + cards_top + L.mid_h / 2))))
        name = view.session.seats[seat].name
        blit_text(surface, A, name, Type.BODY * s, (cx, rect.bottom + 4 * s), CREAM, "midtop", max_width=170 * s)
    dealer = cut.first_dealer  # on a line of its own under the cards, never behind them
    words = view.app.t("table.you_deal") if dealer in view.session.humans and not view.session.hotseat else \
        view.app.t("table.deals", name=view.session.seats[dealer].name)
    blit_text(surface, A, words, Type.LABEL * s, (box.cx, box.bottom - 12 * s), GOLD, "midbottom", bold=True,
              max_width=box.w - 24 * s)
