"""The regret command's stages of a deal by the stock left (``bezique.ai.regret.STAGES``), by the short names the
lab's tables print them with. Imported by its sibling scripts once they have put the checkout on the path."""

from __future__ import annotations

from bezique.ai.regret import STAGES, stage_index

STAGE_SHORT = ("early", "mid", "late")  # over 30 cards in the stock, 11-30, 10 or less
assert len(STAGE_SHORT) == len(STAGES)


def stage_name(stock: int) -> str:
    """The short name of the stage a decision with `stock` cards left in the stock belongs to."""
    return STAGE_SHORT[stage_index(stock)]
