"""The game's art as the window's kit reads it (``kit.assets.Art``): the shipped folders, the deck_colours settings'
face sets, and the file each card and suit is drawn from, named from the rules' card codes."""

from __future__ import annotations

from bezique import data_path
from bezique.config import CARD_BACKS, TABLE_COLOURS
from bezique.rules import RANKS, SUITS, face_code
from bezique.ui.kit.assets import Art

CARD_ART = Art(
    cards=data_path("assets", "cards"),
    sounds=data_path("assets", "sounds"),
    # the face set (a folder of assets/cards, from tools/gen_cards.py) for each value of the deck_colours setting
    face_sets={"classic": "classic", "four_colour": "fourcolour", "colour_blind": "colourblind"},
    face_name=face_code,
    suit_names=tuple(SUITS),
    faces=tuple(f"{rank}{suit}" for suit in SUITS for rank in RANKS),
    backs=CARD_BACKS,
    felts=TABLE_COLOURS,
)
