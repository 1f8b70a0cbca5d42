"""The Statistics screen: games and win rate per computer level (games with hints apart), hot-seat games apart,
the records (best deal, biggest meld) and the winning streaks."""

from __future__ import annotations

import pygame

from bezique.i18n import level_name
from bezique.persist import stats
from bezique.presenter.layout import Box
from bezique.ui.kit.assets import BAR_ME, CREAM, GOLD, MUTED
from bezique.ui.kit.texts import score_name, storage_problem_text
from bezique.ui.kit.widgets import Button, back_button, blit_text, panel, progress_bar, scale_of
from bezique.ui.scene import Scene, Window

LEVEL_ORDER = ("random", "beginner", "intermediate", "expert", "master")


class StatsScene(Scene):
    def __init__(self, app: Window, notices: list[str]) -> None:
        """`notices`: where a damaged statistics file is reported (the menu's notices)."""
        super().__init__(app)
        loaded = stats.load_stats()
        self.stats = loaded.stats
        if loaded.problem is not None:
            notices.append(storage_problem_text(loaded.problem, app.lang))

    def _back(self) -> Button:
        return back_button(self.app.size, self.app.t("menu.back"))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE,
                                                          pygame.K_SPACE):
            self.app.pop(self)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._back().hit(event.pos):
            self.app.sounds.play("click")
            self.app.pop(self)

    def _table(self, surface: pygame.Surface, box: Box, title: str, tallies: dict, s: float) -> None:
        A, T, lang = self.app.assets, self.app.t, self.app.lang
        panel(surface, box, alpha=200)
        blit_text(surface, A, title, 24 * s, (box.x + 16 * s, box.y + 10 * s), GOLD, bold=True,
                  max_width=box.w - 32 * s)
        cols = [box.x + 16 * s, box.x + box.w * 0.30, box.x + box.w * 0.41, box.x + box.w * 0.52,
                box.x + box.w * 0.63, box.x + box.w * 0.74]
        y = box.y + 44 * s
        heads = [T("stats.level"), T("stats.games"), T("stats.wins"), T("stats.losses"), T("stats.draws"),
                 T("stats.win_rate")]
        for c, head in zip(cols, heads, strict=True):
            room = box.right - c - 16 * s if c == cols[-1] else box.w * 0.105
            blit_text(surface, A, head, 17 * s, (c, y), MUTED, max_width=room if c != cols[0] else None)
        y += 28 * s
        levels = [lv for lv in LEVEL_ORDER if lv in tallies] + sorted(set(tallies) - set(LEVEL_ORDER))
        if not levels:
            blit_text(surface, A, T("stats.no_games"), 20 * s, (cols[0], y), CREAM)
        for level in levels:
            tally = tallies[level]
            try:
                name = level_name(level, lang)
            except KeyError:
                name = level
            blit_text(surface, A, name, 21 * s, (cols[0], y), CREAM)
            blit_text(surface, A, str(tally.games), 21 * s, (cols[1], y), CREAM)
            blit_text(surface, A, str(tally.wins), 21 * s, (cols[2], y), CREAM)
            blit_text(surface, A, str(tally.losses), 21 * s, (cols[3], y), CREAM)
            blit_text(surface, A, str(tally.draws), 21 * s, (cols[4], y), CREAM)
            rate = tally.win_rate or 0.0
            blit_text(surface, A, T("stats.win_rate_value", percent=round(rate * 100)), 21 * s, (cols[5], y),
                      GOLD, bold=True)
            progress_bar(surface, Box(cols[5] + 60 * s, y + 4 * s, box.right - cols[5] - 76 * s, 12 * s), rate,
                         BAR_ME)
            y += 28 * s

    def draw(self, surface: pygame.Surface) -> None:
        A, T, lang = self.app.assets, self.app.t, self.app.lang
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        blit_text(surface, A, T("stats.title"), 56 * s, (w / 2, 22 * s), GOLD, "midtop", bold=True, shadow=True)
        st = self.stats
        left = Box(w / 2 - 600 * s, 100 * s, 700 * s, 240 * s)
        self._table(surface, left, T("stats.against_computer"), st.by_level, s)
        self._table(surface, Box(left.x, left.bottom + 16 * s, left.w, 200 * s), T("stats.assisted"),
                    st.assisted_by_level, s)
        right = Box(left.right + 20 * s, 100 * s, 480 * s, 456 * s)
        panel(surface, right, alpha=200)
        y = right.y + 12 * s
        none = T("stats.none_yet")
        best = T("stats.best_deal_value", points=st.best_deal["points"]) if st.best_deal else none
        if st.biggest_meld:
            meld = T("stats.biggest_meld_value", meld=score_name(str(st.biggest_meld["kind"]), lang),
                     points=st.biggest_meld["points"])
        else:
            meld = none
        items = [(T("stats.best_deal"), best), (T("stats.biggest_meld"), meld),
                 (T("stats.current_streak"), str(st.current_streak)), (T("stats.best_streak"), str(st.best_streak)),
                 (T("stats.hotseat"), T("stats.hotseat_games", count=st.hotseat.games))]
        for label, value in items:
            blit_text(surface, A, label, 21 * s, (right.x + 16 * s, y), MUTED, max_width=right.w - 32 * s)
            blit_text(surface, A, value, 26 * s, (right.x + 16 * s, y + 24 * s), CREAM, bold=True,
                      max_width=right.w - 32 * s)
            y += 66 * s
        blit_text(surface, A, T("stats.records_note"), 17 * s, (right.x + 16 * s, right.bottom - 12 * s), MUTED,
                  "bottomleft", max_width=right.w - 32 * s)
        self._back().draw(surface, A, s, hot=True)
