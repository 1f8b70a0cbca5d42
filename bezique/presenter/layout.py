"""Where everything goes, as pure geometry computed from the window size (STYLE.md lesson 10).

Nothing here imports pygame, so the layout is unit-tested without a display. Every zone scales with the window:
the unit ``s`` is the scale relative to the 1280×720 zone map in ``shared/design``; the side columns hug the
window's edges and the centre column stays centred, so wide windows get breathing room rather than giant cards.
Card positions are *centres* (so a card can be rotated about its middle) plus an angle in degrees.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from bezique.geometry import Box, Slot
from bezique.type_scale import Type

CARD_ASPECT = 0.7  # width / height of the card art (350×500)
CAPTION_W = 122  # at scale 1: the least width of a meld group on the table when there is room (its caption's)
MIN_SIZE = (1024, 640)
LAID_OUT_PLAYERS = (2, 3, 4, 6)  # the tables ``Layout.for_size`` can seat
CHAT_ROOM = 46  # scale 1: the height a chat's tab takes above the buttons, with its gaps (a game on two computers)
DEFAULT_SIZE = (1280, 720)
SIX_STEP = 1.12  # six-handed: the trick's cards side by side, this many card widths apart (no card covers another)
LIFT = 18  # scale 1: how far a card of the player's hand lifts under the pointer or the focus (clear of the prompt)
STATUS_LINES = (Type.HEADING, Type.BODY, Type.BODY)  # the status panel's deal, tricks and target lines
STATUS_KEYS = Type.NOTE  # its hint of the keys, under them where the panel has room (the two-handed table)
STATUS_PAD, STATUS_FOOT = 8, 6  # scale 1: the status panel's room above its first line, and below its last
TRICK_NAME = Type.NOTE  # the names on a trick's cards with three or more players (``draw._trick_names``)
PROMPT = Type.LABEL  # the prompt line over the player's hand (bold, on its pill)
PROMPT_PAD = 3  # scale 1: its room beside its letters (its pill may overhang it by a pixel or two)
CAPTION = Type.NOTE  # a meld group's caption under its cards (``meld_chips``)
# scale 1: the declaration's room (``decl_panel``) for its title, its rows of actions and Draw, which larger cards
# may not squeeze: the seven's row (two or three seats), and a partner's pass too (four-handed's "Declare" lay over
# "Exchange the seven"; six-handed's two partners share a row)
DECL_LEAST = {2: 120, 3: 120, 4: 155, 6: 155}
TALL_MOST = 1.3  # how much larger a tall window's hand may be than the design's (at most: the cards' art)
TRACKER_RISE = 200  # scale 1: how far the two-handed stock rises per unit of text size over normal (the tracker's)
WON_HEADING = Type.BODY  # the won-tricks zone's heading ("Tricks won"), at its top: the piles and popup keep under


def parse_size(text: str) -> tuple[int, int]:
    """A window size typed as ``WIDTHxHEIGHT`` (``1600x900``), at least 320×240; anything else is the default
    1280×720, so a typo never stops the game from opening."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        return DEFAULT_SIZE
    return max(w, 320), max(h, 240)


class SeatZones(NamedTuple):
    """Where one seat's things go: its badge, its (concealed) hand and its melds; `pos` names the place."""

    pos: str  # "bottom" | "top" | "left" | "right" | "top_left" | "top_right"
    badge: Box
    hand: Box
    melds: Box


@dataclass(frozen=True)
class Layout:
    """All zones of the two-handed table for one window size. Build it with ``Layout.for_size``."""

    width: int
    height: int
    s: float
    margin: float
    hand_h: int  # the player's own hand
    mid_h: int  # trick, stock, turn-up
    small_h: int  # opponent's hand, melds
    opp_badge: Box
    my_badge: Box
    status: Box
    opp_hand: Box
    opp_melds: Box
    stock: Box
    trick: Box
    decl_panel: Box
    won: Box
    my_melds: Box
    prompt: Box
    hand: Box
    buttons: tuple[Box, ...]  # hint, undo, log, menu
    banner: Box
    players: int = 2
    seats: tuple[SeatZones, ...] = ()  # by seat relative to the viewer (0: the viewer at the bottom)
    tracker: Box | None = None  # the card tracker's panel; None where the table has no room for it (3+ seats)
    text: float = 1.0  # the text size setting's factor (``type_scale.TEXT_SCALES``) the zones give room for
    trick_h: int = 0  # three or more seats: the trick's card height (0: ``trick_card_h``), as the band allows

    @staticmethod
    def for_size(width: int, height: int, players: int = 2, card_scale: float = 1.0, chat: bool = False,
                 text_scale: float = 1.0) -> Layout:
        """The table for a window of `width` x `height` and `players` seats, the hand's cards `card_scale` times
        their normal size (the card size setting) as far as the table has room: a step smaller at a time until
        no zone meets another that it is clear of at the normal size, nor leaves the window, and the declaration
        keeps the room it needs (``DECL_LEAST``). `chat`: a game on
        several computers, whose chat tab sits under the tricks won (``CHAT_ROOM``), above the buttons.
        `text_scale`: the text size setting's factor; the zones that hold lines of words (the status, the prompt,
        the won tricks' heading, the names on a trick) are as tall as those lines stand at it."""
        normal = Layout._zones(width, height, players, 1.0, chat, text_scale)
        # a window taller than the design's 16:9 (5:4, 4:3, 16:10) has height the scale leaves unused: the hand
        # takes it, as far as the zones stay clear, rather than leaving a band of empty felt over small cards
        tall = min(TALL_MOST, max(1.0, (height / 720) / (width / 1280)))
        scale = card_scale * tall
        while scale > 1.0:
            layout = Layout._zones(width, height, players, scale, chat, text_scale)
            if layout._clear_pairs() >= normal._clear_pairs() and \
                    layout.decl_panel.h >= min(normal.decl_panel.h, DECL_LEAST[players] * layout.s) - 0.5:
                return layout
            scale = max(1.0, scale - 0.05)
        return normal

    def _clear_pairs(self) -> set[tuple[int, int]]:
        """Which zones (by index) lie inside the window (i, i) and which pairs are clear of each other (i, j)."""
        boxes = [self.status, self.stock, self.trick, self.won, self.prompt, *self.buttons,
                 *(box for seat in self.seats for box in seat[1:])]
        out = {(i, i) for i, b in enumerate(boxes)
               if b.x >= 0 and b.y >= 0 and b.right <= self.width + 0.5 and b.bottom <= self.height + 0.5}
        return out | {(i, j) for i, a in enumerate(boxes) for j in range(i + 1, len(boxes))
                      if not a.intersects(boxes[j])}

    @staticmethod
    def _zones(width: int, height: int, players: int, card_scale: float, chat: bool = False,
               t: float = 1.0) -> Layout:
        w, h = max(int(width), 320), max(int(height), 240)
        s = min(w / 1280, h / 720)
        m = 14 * s
        hand_h = round(150 * s * card_scale)
        mid_h = round(116 * s)
        small_h = round(86 * s)
        col_w = 250 * s
        cx = w / 2
        # vertical bands (proportional to the height; sizes proportional to s)
        opp_hand = Box(cx - 300 * s, m, 600 * s, small_h + 8 * s)
        opp_melds = Box(cx - 330 * s, opp_hand.bottom + 8 * s, 660 * s, small_h + 24 * s)
        hand_w = max(640 * s, min(640 * s * card_scale, w - 2 * (m + col_w + 8 * s)))  # between the side columns
        hand = Box(cx - hand_w / 2, h - m - hand_h - 22 * s, hand_w, hand_h + 22 * s)
        prompt_h = max(28 * s, PROMPT.line(s, t) + PROMPT_PAD * s)
        prompt = Box(cx - 330 * s, hand.y - prompt_h - 2 * s, 660 * s, prompt_h)
        my_melds = Box(cx - 330 * s, prompt.y - small_h - 26 * s, 660 * s, small_h + 24 * s)
        centre_top, centre_bottom = opp_melds.bottom, my_melds.y
        centre_mid = (centre_top + centre_bottom) / 2
        trick = Box(cx - 120 * s, centre_mid - mid_h / 2 - 12 * s, 240 * s, mid_h + 24 * s)
        left_x, right_x = m, w - m - col_w
        decl_panel = _decl_box(cx, centre_top, centre_bottom, s, left_x + col_w, right_x)
        opp_badge = Box(left_x, m, col_w, 100 * s)
        my_badge = Box(left_x, h - m - 100 * s, col_w, 100 * s)
        status = Box(right_x, m, col_w, max(120 * s, status_height(s, t, keys=True)))
        stock = Box(left_x, centre_mid - mid_h / 2 - 62 * s, col_w, mid_h + 120 * s)
        if t > 1.0:  # larger text: the stock rises into the room under the other's badge, so the card tracker
            rise = min((t - 1.0) * TRACKER_RISE * s, stock.y - opp_badge.bottom - 10 * s)  # under it grows as
            stock = Box(stock.x, stock.y - max(rise, 0.0), stock.w, stock.h)  # its words do
        won = Box(right_x, centre_mid - mid_h / 2 - 62 * s, col_w, mid_h + 120 * s)
        bw, bh, gap = (col_w - 10 * s) / 2, 40 * s, 10 * s
        by = h - m - 2 * bh - gap
        buttons = (
            Box(right_x, by, bw, bh), Box(right_x + bw + 10 * s, by, bw, bh),
            Box(right_x, by + bh + gap, bw, bh), Box(right_x + bw + 10 * s, by + bh + gap, bw, bh),
        )
        # the problems' banner's room, where a click closes it: across the top, the window's width less its margins
        # in a narrow window; tall enough for five lines at the largest text size, or at the readable minimum in
        # a small window (its panel is drawn as tall as its lines, from the top)
        banner_w = min(w - 2 * m, max(840 * s, 600.0))
        banner = Box(cx - banner_w / 2, m, banner_w, max(44 * s, min(h / 2 - m, 160 * s + 100)))
        bottom = SeatZones("bottom", my_badge, hand, my_melds)
        if players <= 2:
            return Layout(w, h, s, m, hand_h, mid_h, small_h, opp_badge, my_badge, status, opp_hand, opp_melds,
                          stock, trick, decl_panel, won, my_melds, prompt, hand, buttons, banner, 2,
                          (bottom, SeatZones("top", opp_badge, opp_hand, opp_melds)),
                          _tracker_box(stock, my_badge, s), t)
        # three, four or six seats: the side columns hold the seats on the left and right (badge, hand, melds), or
        # with six a row of five seats along the top; the stock moves under the left one, the won piles under the
        # right one, the status to the top centre (six: over the stock)
        def column(x: float, pos: str) -> SeatZones:
            badge = Box(x, m, col_w, 76 * s)
            chand = Box(x, badge.bottom + 6 * s, col_w, small_h + 8 * s)
            melds = Box(x, chand.bottom + 6 * s, col_w, small_h + 24 * s)
            return SeatZones(pos, badge, chand, melds)

        others: tuple[SeatZones, ...]
        if players == 6:
            others = _row_of_five(w, m, s)
            status = Box(left_x, others[0].melds.bottom + 10 * s, col_w,  # three lines: the stock's room
                         max(90 * s, status_height(s, t)))
            centre_top = status.y
            side_bottom = status.bottom + 10 * s
        elif players == 3:
            others = (column(left_x, "top_left"), column(right_x, "top_right"))
            status = Box(cx - 180 * s, m, 360 * s, max(100 * s, status_height(s, t)))
            centre_top = status.bottom + 6 * s
        else:
            top_hand = Box(cx - 140 * s, m, 280 * s, small_h + 8 * s)
            top = SeatZones("top", Box(cx - 360 * s, m, 210 * s, 100 * s), top_hand,
                            Box(cx - 330 * s, m + 102 * s, 660 * s, small_h + 24 * s))
            others = (column(left_x, "left"), top, column(right_x, "right"))
            status = Box(cx + 150 * s, m, 210 * s, max(100 * s, status_height(s, t)))
            centre_top = top.melds.bottom
        if players != 6:
            side_bottom = others[0].melds.bottom + 10 * s
        stock = Box(left_x, side_bottom, col_w, my_badge.y - 10 * s - side_bottom)
        won_top = centre_top if players == 6 else side_bottom  # six-handed: the right column is the piles' alone
        room = CHAT_ROOM * s if chat else 0.0  # two seats leave it free under their shorter won zone already
        won = Box(right_x, won_top, col_w, by - 10 * s - room - won_top)
        centre_mid = (centre_top + centre_bottom) / 2
        th = trick_card_h(mid_h, players)
        if players != 6:  # the top and bottom cards 0.33 of a card off the middle, a name on each one's outer edge
            name = TRICK_NAME.line(s, t) + 4 * s
            th = min(th, round((centre_bottom - centre_top - 8 * s - name) / 1.66))
        trick = Box(cx - 130 * s, centre_mid - th * 0.82, 260 * s, th * 1.64)
        if players == 6:  # one row of six cards, as wide as they are, the names over and under it included
            tw = (5 * SIX_STEP + 1) * th * CARD_ASPECT + 16 * s
            name = max(20 * s, TRICK_NAME.line(s, t) + 4 * s)
            trick = Box(cx - tw / 2, centre_mid - th / 2 - name, tw, th * 1.06 + 2 * name)
        decl_panel = _decl_box(cx, centre_top, centre_bottom, s, left_x + col_w, right_x)
        first = others[0]
        return Layout(w, h, s, m, hand_h, mid_h, small_h, first.badge, my_badge, status, first.hand, first.melds,
                      stock, trick, decl_panel, won, my_melds, prompt, hand, buttons, banner, players,
                      (bottom, *others), None, t, th)

    def trick_card_height(self) -> int:
        """The height of the trick's cards with three or more seats (two: ``mid_h``)."""
        return self.trick_h or trick_card_h(self.mid_h, self.players)

    @property
    def won_heading(self) -> float:
        """The height of the won-tricks zone's heading line at its top, its room above and below included: the
        piles and the last trick's popup keep under it."""
        return 10 * self.s + WON_HEADING.line(self.s, self.text)

    @property
    def caption_room(self) -> float:
        """The height under a meld group's cards its caption takes (at least the design's 24, at scale 1)."""
        return max(24 * self.s, CAPTION.line(self.s, self.text) + 3 * self.s)

    # --- card slots -----------------------------------------------------------------------------------------
    def card_w(self, card_h: int) -> int:
        return round(card_h * CARD_ASPECT)

    def hand_slots(self, n: int) -> list[Slot]:
        """The player's hand, fanned on a gentle arc, left to right."""
        return self._fan(self.hand, n, self.hand_h, spread=2.2, arc=1.0)

    def lift_of(self, slot: Slot) -> float:
        """How far the player's card at `slot` lifts under the pointer or the focus: ``LIFT``, or for a card of the
        hand less where that would reach the prompt line (the top of the fan's arc), so the turn's words are never
        hidden (their melds, above the prompt, lift in full)."""
        if not self.hand.contains(slot.cx, slot.cy):
            return LIFT * self.s
        return max(0.0, min(LIFT * self.s, card_box(slot).y - self.prompt.bottom))

    def opp_hand_slots(self, n: int, rel: int = 1) -> list[Slot]:
        """Another seat's hand (`rel` seats round from the viewer), fanned the other way (its arc opens down)."""
        zone = self.seats[rel % len(self.seats)].hand
        if self.players > 2:  # as tall as the zone allows (the six-handed seats' hands are shallow)
            card_h = min(self.small_h, round(zone.h - 8 * self.s))
            return self._fan(zone, n, card_h, spread=1.0, arc=-0.3, overlap=0.42)
        return self._fan(zone, n, self.small_h, spread=1.6, arc=-0.6, overlap=0.42)

    def pos_of(self, rel: int | bool) -> str:
        return self.seats[_rel(rel) % len(self.seats)].pos

    def _fan(self, zone: Box, n: int, card_h: int, spread: float, arc: float, overlap: float = 0.7) -> list[Slot]:
        if n <= 0:
            return []
        cw = self.card_w(card_h)
        step = min(cw * overlap, (zone.w - cw) / max(n - 1, 1)) if n > 1 else 0.0
        total = step * (n - 1)
        mid = (n - 1) / 2
        base_y = zone.y + card_h / 2 + (zone.h - card_h) / 2
        if arc < 0:
            base_y = zone.y + card_h / 2 + min(mid * mid * -arc * 1.6 * self.s, 14 * self.s)
        if arc > 0:  # the arc's rise is capped, so long hands (Chinese: 12 cards) stay clear of the prompt
            arc = min(arc, 10.0 / (1.6 * max(mid * mid, 1.0)))
            base_y = zone.bottom - card_h / 2 - 4 * self.s - mid * mid * arc * 1.6 * self.s
        slots = []
        for i in range(n):
            off = i - mid
            angle = -off * spread * min(1.0, 4.0 / max(mid, 1.0)) if n > 1 else 0.0
            dy = off * off * arc * 1.6 * self.s
            if arc < 0:
                dy = max(dy, -14 * self.s)
            slots.append(Slot(zone.cx - total / 2 + i * step, base_y + dy, angle, card_h))
        return slots

    def meld_slots(self, zone: Box, groups: list[int]) -> list[list[Slot]]:
        """Melded cards in groups (one per meld), each group a tight overlapping row, groups spaced apart."""
        return [slots for slots, _caption in self.meld_rows(zone, groups)]

    def meld_rows(self, zone: Box, groups: list[int]) -> list[tuple[list[Slot], Box]]:
        """Each group's card slots and the box of its caption under the cards (the meld's name and points).

        A group is given at least ``CAPTION_W`` of the row when the zone has room, so that a two-card marriage's
        caption is not cut to its points; in a narrow zone (the side seats of three- and four-handed) the cards
        overlap more first, then the groups share what is left and the captions shorten (``meld_chips``). The
        cards are as tall as the zone leaves room for under them for the captions."""
        card_h = min(self.small_h, round(zone.h - self.caption_room))  # room for the captions (six: shallower)
        cw = self.card_w(card_h)
        shown = [g for g in groups if g]
        if not shown:
            return [([], Box(zone.x, zone.y, 0, 0)) for _ in groups]
        gap, step, want = 10 * self.s, cw * 0.62, CAPTION_W * self.s
        widths = [cw + step * (g - 1) for g in shown]

        def total(ws: list[float]) -> float:
            return sum(max(w, want) for w in ws) + gap * (len(ws) - 1)

        while total(widths) > zone.w and want > cw:  # first give up the captions' extra room, then squeeze the
            want = max(cw, want - 2 * self.s)  # overlap
        if total(widths) > zone.w:
            least = 6 * self.s  # the least of a card that shows under the next: its index corner
            room = zone.w - gap * (len(shown) - 1) - least * (sum(shown) - len(shown))
            if room < cw * len(shown):  # even so the groups do not fit: smaller cards (many groups, a narrow seat)
                card_h = max(int(room / len(shown) / CARD_ASPECT), 8)
                cw = want = self.card_w(card_h)
            fixed = cw * len(shown) + gap * (len(shown) - 1)
            step = max(least, (zone.w - fixed) / max(sum(shown) - len(shown), 1))
            widths = [cw + step * (g - 1) for g in shown]
        x = zone.cx - total(widths) / 2
        cy = zone.y + card_h / 2 + 2 * self.s
        cap_y = cy + card_h / 2 + 1 * self.s
        cap_h = max(zone.bottom - cap_y, CAPTION.line(self.s, self.text))
        out: list[tuple[list[Slot], Box]] = []
        for g in groups:
            if not g:
                out.append(([], Box(x, cap_y, 0, 0)))
                continue
            w = cw + step * (g - 1)
            span = max(w, want)
            left = x + (span - w) / 2 + cw / 2
            out.append(([Slot(left + i * step, cy, 0.0, card_h) for i in range(g)], Box(x, cap_y, span, cap_h)))
            x += span + gap
        return out

    def trick_slot(self, index: int, from_bottom: bool | int) -> Slot:
        """The trick: with two players the leader's card on the left, the follower's to the right and slightly
        lower; with more, each card lies towards the seat that played it (`from_bottom`: the relative seat)."""
        if self.players == 6:  # one row, round the table from the viewer: theirs, then the row of seats' in the
            th = self.trick_card_height()  # order of their panels above; the viewer's a little lower
            rel = _rel(from_bottom) % 6
            step = self.card_w(th) * SIX_STEP
            return Slot(self.trick.cx + (rel - 2.5) * step, self.trick.cy + (0.06 * th if rel == 0 else 0.0), 0.0, th)
        if self.players > 2:
            th = self.trick_card_height()
            cw = self.card_w(th)
            dx, dy, angle = {"bottom": (0.0, 0.33 * th, 2.0), "top": (0.0, -0.33 * th, -2.0),
                             "left": (-0.92 * cw, 0.0, 6.0), "right": (0.92 * cw, 0.0, -6.0),
                             "top_left": (-0.62 * cw, -0.2 * th, 5.0), "top_right": (0.62 * cw, -0.2 * th, -5.0),
                             }[self.pos_of(from_bottom)]
            return Slot(self.trick.cx + dx, self.trick.cy + dy, angle, th)
        cw = self.card_w(self.mid_h)
        dx = -cw * 0.62 if index == 0 else cw * 0.62
        dy = (8 if from_bottom else -8) * self.s
        angle = -4.0 if index == 0 else 5.0
        return Slot(self.trick.cx + dx, self.trick.cy + dy, angle, self.mid_h)

    def stock_slot(self, depth: int = 0) -> Slot:
        """The top of the stock, raised a little per card of depth so the pile looks thick; right of the zone's
        middle, beside the turn-up (without one, Rubicon and Chinese, the zone's left keeps room for its notes)."""
        cx = self.stock.cx + 44 * self.s
        cy = self._stock_cy()
        return Slot(cx - depth * 0.5 * self.s, cy - depth * 0.7 * self.s, 0.0, self.mid_h)

    def turn_up_slot(self) -> Slot:
        return Slot(self.stock.cx - 26 * self.s, self._stock_cy(), 90.0, self.mid_h)

    def _stock_cy(self) -> float:
        """The stock's and turn-up's middle height: a little under the zone's middle, or with six seats (whose
        stock zone is shorter, the status over it) low in the zone, so the pile stays clear of the stock note."""
        if self.players == 6:
            return self.stock.bottom - 96 * self.s
        return self.stock.cy + 14 * self.s

    def won_slot(self, bottom: bool | int) -> Slot:
        """Where a player's won tricks are piled (face down), in the right-hand zone (`bottom`: True / False with
        two players, or the seat relative to the viewer)."""
        rel = _rel(bottom)
        if self.players > 2:
            top = self.won.y + self.won_heading
            row = (self.won.bottom - 36 * self.s - top) / self.players  # room for the Last trick button
            height = round(min(self.mid_h * 0.7, (row - 8 * self.s) / CARD_ASPECT))
            return Slot(self.won.x + height / 2 + 22 * self.s, top + (rel + 0.5) * row, 90.0, height)
        cy = self.won.cy + 10 * self.s + (self.mid_h * 0.3 if rel == 0 else -self.mid_h * 0.3)
        height = round(self.mid_h * 0.8)
        return Slot(self.won.x + height / 2 + 18 * self.s, cy, 90.0, height)

    def peek(self, n: int) -> tuple[Box, list[Slot]]:
        """The last trick's popup over the won-tricks zone: its box and a slot per card (`n` cards, in play order).

        The cards are as large as the trick's (two players) or as large as the zone's width allows (three or four),
        side by side with room under each for the name of who played it, and a title line above; the popup lies
        between the zone's "Tricks won" heading and its button, hiding neither.
        """
        s, n = self.s, max(n, 1)
        pad, gap, title_h, name_h = 6 * s, 10 * s, 22 * s, 20 * s
        top = self.won.y + self.won_heading  # under the zone's heading
        card_h = min(self.mid_h, (self.won.w - 2 * pad - gap * (n - 1)) / (n * CARD_ASPECT),
                     self.peek_button().y - 4 * s - top - 2 * pad - title_h - name_h)
        cw = card_h * CARD_ASPECT
        row = n * cw + gap * (n - 1)
        h = title_h + card_h + name_h + 2 * pad
        y = max(top, min(self.won.cy - h / 2, self.peek_button().y - 4 * s - h))  # clear of its button
        box = Box(self.won.x, y, self.won.w, h)  # the zone's width: the piles hide behind it
        x0, cy = box.cx - row / 2 + cw / 2, box.y + pad + title_h + card_h / 2
        return box, [Slot(x0 + i * (cw + gap), cy, 0.0, round(card_h)) for i in range(n)]

    def peek_button(self) -> Box:
        """The "Last trick" button, at the foot of the won-tricks zone (under the piles, clear of the popup)."""
        s = self.s
        return Box(self.won.x + 30 * s, self.won.bottom - 30 * s, self.won.w - 60 * s, 26 * s)

    def felt(self) -> Box:
        """The table's oval: the middle of the felt between the side columns, from under what stands along the
        top edge (the seats' hands and plates, the status) down to the prompt line; the melds and the trick lie on
        it, and it is as large as the window leaves that room (no fixed design size)."""
        s = self.s
        left, right = self.stock.right + 10 * s, self.won.x - 10 * s
        above = [box for seat in self.seats[1:] for box in (seat.badge, seat.hand)] + [self.status]
        top = max((b.bottom for b in above if b.x < right and b.right > left and b.cy < self.trick.y), default=0.0)
        return Box(left, top + 4 * s, right - left, self.prompt.y - top - 4 * s)

    def deck_slot(self) -> Slot:
        """Where the deck is shuffled before the deal: the centre of the table."""
        if self.players > 2:
            return Slot(self.trick.cx, self.trick.cy, 0.0, self.mid_h)
        return Slot(self.width / 2, (self.opp_melds.bottom + self.my_melds.y) / 2, 0.0, self.mid_h)

    def badge_of(self, bottom: bool | int) -> Box:
        return self.seats[_rel(bottom) % len(self.seats)].badge

    def melds_of(self, bottom: bool | int) -> Box:
        return self.seats[_rel(bottom) % len(self.seats)].melds


def _row_of_five(w: float, m: float, s: float) -> tuple[SeatZones, ...]:
    """Six-handed: the five other seats side by side along the top edge, clockwise from the viewer's left (so
    partners and opponents alternate, RULES.md §4.3), each a narrow column of badge, concealed hand and melds.
    The hands are small (their backs only count the cards) and the melds a little smaller than elsewhere, so that
    the band leaves the centre room for a six-card trick and the declaration panel."""
    gap = 8 * s
    seat_w = (w - 2 * m - 4 * gap) / 5
    seats = []
    for i, pos in enumerate(("left", "top_left", "top", "top_right", "right")):
        x = m + i * (seat_w + gap)
        badge = Box(x, m, seat_w, 76 * s)  # the compact badge: name, score, bar
        hand = Box(x, badge.bottom + 4 * s, seat_w, 42 * s)
        melds = Box(x, hand.bottom + 4 * s, seat_w, 88 * s)
        seats.append(SeatZones(pos, badge, hand, melds))
    return tuple(seats)


def _tracker_box(stock: Box, badge: Box, s: float) -> Box | None:
    """The card tracker: the two-handed table's left column between the stock and the player's badge, the one
    place nothing else uses; None if that gap is too shallow for it (with three or more seats the column holds a
    seat and a taller stock, and there is no such gap at all)."""
    gap = 8 * s
    box = Box(stock.x, stock.bottom + gap, stock.w, badge.y - gap - stock.bottom - gap)
    return box if box.h >= 110 * s else None


def status_height(s: float, t: float, keys: bool = False) -> float:
    """How tall the status panel stands for its lines (``STATUS_LINES``, and the keys' hint if `keys`) at scale
    `s` and the text size `t`, its padding included (``status.paint_status`` steps its lines the same way)."""
    lines = sum(role.line(s, t) for role in STATUS_LINES) + (STATUS_KEYS.line(s, t) if keys else 0.0)
    return lines + (STATUS_PAD + STATUS_FOOT) * s


def trick_card_h(mid_h: int, players: int) -> int:
    """The trick's card height with three or more players: a little smaller with six, whose one row of six cards
    lies in the centre band under the row of seats with room for the players' names over and under it."""
    return round(mid_h * (0.8 if players == 6 else 0.86))


def _decl_box(cx: float, top: float, bottom: float, s: float, left: float, right: float) -> Box:
    """The declaration panel: in the middle of the table, where the trick was (it is gathered before anyone
    declares), within the band between the melds above (`top`) and the player's own melds below (`bottom`) and
    between the side columns (`left`, `right`), so it hides no card on the table. This is the most room it may
    take; ``decl_panel.panel_box`` sizes it to its content within."""
    h = min(bottom - top - 12 * s, 280 * s)
    w = min(600 * s, right - left - 24 * s)
    return Box(cx - w / 2, (top + bottom) / 2 - h / 2, w, h)


def _rel(rel: bool | int) -> int:
    """A relative seat; the two-handed callers' True (the viewer) / False (the opponent) mean 0 / 1."""
    if isinstance(rel, bool):
        return 0 if rel else 1
    return rel


def card_box(slot: Slot, lift: float = 0.0) -> Box:
    """The unrotated rectangle of a card at `slot` (for hit testing)."""
    ch = slot.height
    cw = ch * CARD_ASPECT
    return Box(slot.cx - cw / 2, slot.cy - ch / 2 - lift, cw, ch)
