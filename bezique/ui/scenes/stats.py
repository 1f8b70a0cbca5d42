"""The Statistics screen, one variant at a time (a row of tabs, the variant played last first): games, abandoned
games and win rate per computer level (games with hints apart), the variant's records (best deal, biggest meld, at
which level) and winning streaks, and the hot-seat games apart."""

from __future__ import annotations

import pygame

from bezique.geometry import Box
from bezique.i18n import level_name, variant_name
from bezique.persist import stats
from bezique.presenter.setup import SEATABLE_VARIANTS
from bezique.presenter.words import score_name, storage_problem_text
from bezique.ui.kit.assets import BAR_ME, CREAM, GOLD, MUTED
from bezique.ui.kit.typeset import Type
from bezique.ui.kit.widgets import Button, back_button, blit_text, panel, progress_bar, scale_of
from bezique.ui.scene import Scene, Window
from bezique.ui.speaking import sentences

LEVEL_ORDER = ("random", "beginner", "intermediate", "expert", "master")


NO_RATE = "—"  # the win rate of a level with no finished game (a dash in every language)


class StatsScene(Scene):
    def __init__(self, app: Window, notices: list[str]) -> None:
        """`notices`: where a damaged statistics file is reported (the menu's notices)."""
        super().__init__(app)
        loaded = stats.load_stats()
        self.stats = loaded.stats
        if loaded.problem is not None:
            notices.append(storage_problem_text(loaded.problem, app.lang))
        played = [v for v in (*SEATABLE_VARIANTS, *sorted(self.stats.variants)) if v in self.stats.variants]
        self.variants = list(dict.fromkeys(played)) or [SEATABLE_VARIANTS[0]]
        self.variant = self.variants[0]

    def _back(self) -> Button:
        return back_button(self.app.size, self.app.t("menu.back"))

    def _variant_label(self, variant: str) -> str:
        if variant == stats.EARLIER:
            return self.app.t("stats.earlier")
        try:
            return variant_name(variant, self.app.lang)
        except KeyError:
            return variant

    def tabs(self) -> list[Button]:
        """A tab per variant with statistics, in a row under the title (the shown one highlighted)."""
        w, _h = self.app.size
        s = scale_of(self.app.size)
        n = len(self.variants)
        tab_w = min(230 * s, (1200 * s - (n - 1) * 8 * s) / n)
        x0 = w / 2 - (n * tab_w + (n - 1) * 8 * s) / 2
        return [Button(Box(x0 + i * (tab_w + 8 * s), 86 * s, tab_w, 34 * s), self._variant_label(v), f"variant:{v}",
                       primary=v == self.variant, text_size=Type.NOTE) for i, v in enumerate(self.variants)]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE,
                                                          pygame.K_SPACE):
            self.app.pop(self)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            i = self.variants.index(self.variant) + (1 if event.key == pygame.K_RIGHT else -1)
            self.variant = self.variants[i % len(self.variants)]
            self.app.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._back().hit(event.pos):
            self.app.sounds.play("click")
            self.app.pop(self)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            tab = next((b for b in self.tabs() if b.hit(event.pos)), None)
            if tab is not None:
                self.app.sounds.play("click")
                self.variant = tab.action.split(":", 1)[1]
                self.app.dirty = True

    def _table(self, surface: pygame.Surface, box: Box, title: str, tallies: dict[str, stats.Tally], s: float) -> None:
        A, T, lang = self.app.assets, self.app.t, self.app.lang
        panel(surface, box, alpha=200)
        blit_text(surface, A, title, Type.LABEL * s, (box.x + 16 * s, box.y + 10 * s), GOLD, bold=True,
                  max_width=box.w - 32 * s)
        heads = [T("stats.level"), T("stats.games"), T("stats.wins"), T("stats.losses"), T("stats.draws"),
                 T("stats.abandoned"), T("stats.win_rate")]
        # the numbers are short, the headers are not ("Abandoned", "Victoires"): each column is as wide as its
        # header, the level names take what they need up to the first quarter, and the win rate (with its bar) the
        # rest, at least its header's width ("Tasso di vittoria" was cut at the largest text)
        levels = [lv for lv in LEVEL_ORDER if lv in tallies] + sorted(set(tallies) - set(LEVEL_ORDER))
        body, note = A.font(Type.BODY * s), A.font(Type.NOTE * s)
        names = max([note.size(heads[0])[0], *(body.size(_level_text(lv, lang))[0] for lv in levels)])
        cols = [box.x + 16 * s, min(box.x + box.w * 0.25, box.x + 16 * s + names + 24 * s)]
        for head in heads[1:-1]:
            cols.append(cols[-1] + max(note.size(head)[0], 36 * s) + 14 * s)
        y = box.y + 44 * s
        for c, after, head in zip(cols, [*cols[1:], box.right - 16 * s], heads, strict=True):
            blit_text(surface, A, head, Type.NOTE * s, (c, y), MUTED, max_width=after - c - 6 * s)
        y += 28 * s
        if not levels:
            blit_text(surface, A, T("stats.no_games"), Type.BODY * s, (cols[0], y), CREAM)
        for level in levels:
            tally = tallies[level]
            blit_text(surface, A, _level_text(level, lang), Type.BODY * s, (cols[0], y), CREAM)
            blit_text(surface, A, str(tally.games), Type.BODY * s, (cols[1], y), CREAM)
            blit_text(surface, A, str(tally.wins), Type.BODY * s, (cols[2], y), CREAM)
            blit_text(surface, A, str(tally.losses), Type.BODY * s, (cols[3], y), CREAM)
            blit_text(surface, A, str(tally.draws), Type.BODY * s, (cols[4], y), CREAM)
            blit_text(surface, A, str(tally.abandoned), Type.BODY * s, (cols[5], y), CREAM)
            rate = tally.win_rate
            if rate is None:  # only abandoned games: no rate to give (it read "0%")
                blit_text(surface, A, NO_RATE, Type.BODY * s, (cols[6], y), MUTED)
            else:
                shown = blit_text(surface, A, T("stats.win_rate_value", percent=round(rate * 100)), Type.BODY * s,
                                  (cols[6], y), GOLD, bold=True)
                bar_x = max(cols[6] + 56 * s, shown.right + 8 * s)  # the figure's end: "100%" at the largest text
                progress_bar(surface, Box(bar_x, y + 4 * s, box.right - 16 * s - bar_x, 12 * s), rate, BAR_ME)
            y += 28 * s

    def draw(self, surface: pygame.Surface) -> None:
        A, T = self.app.assets, self.app.t
        w, h = surface.get_size()
        s = scale_of((w, h))
        surface.blit(A.felt((w, h)), (0, 0))
        blit_text(surface, A, T("stats.title"), Type.DISPLAY * s, (w / 2, 22 * s), GOLD, "midtop", bold=True,
            shadow=True)
        st = self.stats.variant(self.variant)
        for tab in self.tabs():
            tab.draw(surface, A, s, hot=tab.primary)
        left = Box(w / 2 - 600 * s, 132 * s, 700 * s, 232 * s)
        self._table(surface, left, T("stats.against_computer"), st.by_level, s)
        self._table(surface, Box(left.x, left.bottom + 12 * s, left.w, 196 * s), T("stats.assisted"),
                    st.assisted_by_level, s)
        right = Box(left.right + 20 * s, 132 * s, 480 * s, 440 * s)
        panel(surface, right, alpha=200)
        y = right.y + 12 * s
        items = [(T("stats.best_deal"), self._record(st, "best_deal")),
                 (T("stats.biggest_meld"), self._record(st, "biggest_meld")),
                 (T("stats.current_streak"), str(st.current_streak)), (T("stats.best_streak"), str(st.best_streak)),
                 (T("stats.hotseat"), self._hotseat())]
        for label, value in items:
            blit_text(surface, A, label, Type.BODY * s, (right.x + 16 * s, y), MUTED, max_width=right.w - 32 * s)
            blit_text(surface, A, value, Type.HEADING * s, (right.x + 16 * s, y + 24 * s), CREAM, bold=True,
                      max_width=right.w - 32 * s)
            y += 64 * s
        blit_text(surface, A, T("stats.records_note"), Type.NOTE * s, (right.x + 16 * s, right.bottom - 12 * s), MUTED,
                  "bottomleft", max_width=right.w - 32 * s)
        self._back().draw(surface, A, s, hot=True)

    # --- speech ---------------------------------------------------------------------------------------------
    def spoken_title(self) -> str:
        return self.app.t("stats.title")

    def spoken_focus(self) -> str:
        """The variant shown and its tables read row by row, then the records."""
        T, lang = self.app.t, self.app.lang
        st = self.stats.variant(self.variant)
        heads = [T("stats.games"), T("stats.wins"), T("stats.losses"), T("stats.draws"), T("stats.abandoned")]
        position = T("speech.position", index=self.variants.index(self.variant) + 1, count=len(self.variants))
        parts = [f"{self._variant_label(self.variant)}, {position}"]
        for title, tallies in ((T("stats.against_computer"), st.by_level), (T("stats.assisted"),
                                                                           st.assisted_by_level)):
            levels = [lv for lv in LEVEL_ORDER if lv in tallies] + sorted(set(tallies) - set(LEVEL_ORDER))
            rows = [T("speech.row", label=_level_text(lv, lang), value=", ".join(
                [*(f"{h} {n}" for h, n in zip(heads, (t.games, t.wins, t.losses, t.draws, t.abandoned),
                                               strict=True)),
                 f"{T('stats.win_rate')} {T('stats.win_rate_value', percent=round((t.win_rate or 0.0) * 100))}"]))
                    for lv in levels for t in (tallies[lv],)]
            parts.append(T("speech.row", label=title, value="; ".join(rows) or T("stats.no_games")))
        parts += [T("speech.row", label=label, value=value) for label, value in (
            (T("stats.best_deal"), self._record(st, "best_deal")),
            (T("stats.biggest_meld"), self._record(st, "biggest_meld")),
            (T("stats.current_streak"), str(st.current_streak)), (T("stats.best_streak"), str(st.best_streak)),
            (T("stats.hotseat"), self._hotseat()))]
        return sentences(*parts)

    def spoken_keys(self) -> str:
        return self.app.t("speech.keys.tabs")

    def _hotseat(self) -> str:
        """The hot-seat games played, and the abandoned ones when there are any."""
        T, tally = self.app.t, self.stats.hotseat
        games = T("stats.hotseat_games", count=tally.games)
        return games + (T("stats.hotseat_abandoned", count=tally.abandoned) if tally.abandoned else "")

    def _record(self, st: stats.VariantStats, which: str) -> str:
        """The variant's best deal or biggest meld, with the level it was made against; "None yet" before one."""
        T, lang = self.app.t, self.app.lang
        best = st.best(which)
        if best is None:
            return T("stats.none_yet")
        level = _level_text(best[0], lang)
        record = best[1]
        if which == "best_deal":
            return T("stats.best_deal_value", points=record["points"], level=level)
        return T("stats.biggest_meld_value", meld=score_name(str(record["kind"]), lang), points=record["points"],
                 level=level)


def _level_text(level: str, lang: str) -> str:
    """A level by name; an id the tables do not know (a level of a newer program) as it is."""
    try:
        return level_name(level, lang)
    except KeyError:
        return level
