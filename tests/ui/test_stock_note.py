"""The stock's note "The turn-up is the 7: nothing to exchange" is said whole, clear of the cards, at the smallest
windows in every language (issue 43, item 4: it ran under the cards at 1088x640 in English and was cut mid-word at
1024x640 in Italian and French). Judged as the fit audit judges a frame, from what the frame drew where."""

from __future__ import annotations

import pytest
from test_table import stacked_app
from ui_driver import wait_rest

from bezique.commands.fit_judge import judge
from bezique.i18n import t
from bezique.ui.kit.drawn import recording
from bezique.ui.kit.layers import forget_layers


@pytest.mark.parametrize("size", [(1024, 600), (1024, 640), (1088, 640), (1632, 918)])
@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_the_turn_up_seven_note_is_whole_and_clear_of_the_cards(size, lang) -> None:
    app, _ = stacked_app(["AS", "KS", "QS", "JD", "KH", "QH", "KD", "QD"], "7C", size=size, language=lang)
    wait_rest(app)
    forget_layers()
    with recording() as frame:
        app.draw()
    note = t("table.turn_up_seven", lang)
    lines = [text for text in frame.texts if text.whole in note and text.layer == 0]
    assert " ".join(text.whole for text in lines) == note  # every word of it, in order
    assert not frame.cuts
    assert [f for f in judge(frame, size) if f.text in {text.whole for text in lines}] == []
