"""The window's one type scale (``type_scale``, where the table's layout reads it too): a few sizes,
each with one job, that every screen and the table draw their words at.

Why: every screen once chose its own sizes (11 to 72 in a dozen steps), so one window showed the same kind of word
in three sizes and much of the table's information fell to the minimum at the first window sizes. A scene asks for a
role (``Type.BODY * s``, `s` the window's scale) and the kit's one fitting helper (``widgets.fit_text``) decides how
the words fill their box; no box picks its own smaller face. Every size is drawn at least ``READABLE_PX`` high
whatever the window: a role is a floor as well as a step.
"""

from __future__ import annotations

from bezique.type_scale import READABLE_PX, Type

__all__ = ["READABLE_PX", "Type"]
