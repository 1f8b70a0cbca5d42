"""A card on the table: where it is, where it is flying to, and whether its face shows (with a flip).

Positions are advanced by ``update(dt)`` only; ``draw`` reads them and changes nothing (STYLE.md lesson 8).

A ``calm`` sprite (the reduce-motion setting) never travels: when its turn comes it is at its new place in one
frame, fading in there with a highlight for the time its flight would have taken, so the change is still seen;
it turns over and lifts in one frame too.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from bezique.geometry import Box, Slot
from bezique.ui.kit import easing
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.drawn import record_card
from bezique.ui.kit.tween import Tween

CARD_SCALES = {"normal": 1.0, "large": 1.15, "larger": 1.3}  # the card_size setting: the hand's cards (Layout)
ARRIVAL_GLOW = (255, 236, 170)  # the highlight round a calm card that has just landed
FADE_SHARE = 0.4  # the share of a calm card's landing time it takes to fade in (it glows for all of it)


class CardSprite:
    __slots__ = ("angle", "calm", "cx", "cy", "drag", "face_up", "flip", "flip_delay", "flip_dur", "flip_to",
                 "height", "key", "lift", "lift_target", "mark", "tween", "visible", "z")

    def __init__(self, key: int, slot: Slot, face_up: bool, z: int = 0) -> None:
        self.key = key
        self.cx, self.cy, self.angle, self.height = slot.cx, slot.cy, slot.angle, float(slot.height)
        self.face_up = face_up and key >= 0
        self.flip: float | None = None  # elapsed time of a flip in progress
        self.flip_to = self.face_up
        self.flip_delay = 0.0
        self.flip_dur = 0.0
        self.tween: Tween | None = None
        self.z = z
        self.visible = True
        self.lift = 0.0
        self.lift_target = 0.0
        self.drag: tuple[float, float] | None = None  # centre while dragged by the mouse
        self.mark: tuple[int, int, int] | None = None  # a glow of its own (the card that won the trick on show)
        self.calm = False  # reduce motion: arrive by fading in at the new place, never by flying

    @property
    def moving(self) -> bool:
        return self.tween is not None or self.flip is not None or abs(self.lift - self.lift_target) > 0.5

    def target(self) -> tuple[float, float, float, float]:
        if self.tween is not None:
            e = self.tween.end
            return e["cx"], e["cy"], e["angle"], e["h"]
        return self.cx, self.cy, self.angle, self.height

    def fly_to(self, slot: Slot, duration: float, delay: float = 0.0,
               ease: Callable[[float], float] = easing.out_cubic) -> None:
        tx, ty, ta, th = self.target()
        if (abs(tx - slot.cx) < 0.5 and abs(ty - slot.cy) < 0.5 and abs(ta - slot.angle) < 0.5
                and abs(th - slot.height) < 0.5):
            return
        if duration <= 0.0 and delay <= 0.0:
            self.snap(slot)
            return
        if self.calm:  # at the new place in one frame (after its delay), then faded in with a highlight
            ease = easing.jump
        angle = slot.angle
        if abs(angle - self.angle) > 180:  # the short way round
            angle += 360 if angle < self.angle else -360
        self.tween = Tween({"cx": self.cx, "cy": self.cy, "angle": self.angle, "h": self.height},
                           {"cx": slot.cx, "cy": slot.cy, "angle": angle, "h": float(slot.height)},
                           duration, delay, ease)

    def bound_for(self, slot: Slot) -> bool:
        """The card ends where it is flying (or lies) at `slot`: the same place and height, the same angle modulo
        a turn."""
        cx, cy, angle, height = self.target()
        turn = abs(angle - slot.angle) % 360
        return abs(cx - slot.cx) < 0.5 and abs(cy - slot.cy) < 0.5 and abs(height - slot.height) < 0.5 and \
            min(turn, 360 - turn) < 0.5

    def snap(self, slot: Slot) -> None:
        self.tween = None
        self.cx, self.cy, self.angle, self.height = slot.cx, slot.cy, slot.angle, float(slot.height)

    def set_face(self, face_up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn the card over (animated when duration > 0)."""
        face_up = face_up and self.key >= 0
        if face_up == self.flip_to:
            return
        self.flip_to = face_up
        if self.calm:  # turned over in one frame, when its delay is over (it lands then)
            duration = 0.0
        if duration <= 0.0 and (delay <= 0.0 or not self.calm):
            self.face_up, self.flip = face_up, None
            return
        self.flip, self.flip_delay, self.flip_dur = 0.0, delay, duration

    def distance_to(self, slot: Slot) -> float:
        tx, ty, _, _ = self.target()
        return math.hypot(tx - slot.cx, ty - slot.cy) if self.tween is None else math.hypot(
            self.cx - slot.cx, self.cy - slot.cy)

    def update(self, dt: float) -> None:
        if self.tween is not None:
            self.tween.advance(dt)
            v = self.tween.values()
            self.cx, self.cy, self.angle, self.height = v["cx"], v["cy"], v["angle"] % 360, v["h"]
            if self.tween.done:
                self.tween = None
        if self.flip is not None:
            self.flip += dt
            if self.flip >= self.flip_delay + self.flip_dur:
                self.flip = None
                self.face_up = self.flip_to
        if self.lift != self.lift_target and self.calm:
            self.lift = self.lift_target
        if self.lift != self.lift_target:
            step = dt * 12.0
            self.lift += (self.lift_target - self.lift) * min(1.0, step)
            if abs(self.lift - self.lift_target) < 0.5:
                self.lift = self.lift_target

    def shown(self) -> tuple[bool, float]:
        """(face shown, horizontal squeeze 0..1) at this moment of any flip."""
        if self.flip is None or self.flip < self.flip_delay:
            return self.face_up, 1.0
        p = min(1.0, (self.flip - self.flip_delay) / max(self.flip_dur, 1e-6))
        squeeze = abs(math.cos(math.pi * p))
        return (self.face_up if p < 0.5 else self.flip_to), squeeze

    def arriving(self) -> float | None:
        """A calm sprite landing: how far through its fade-in it is (0 just landed, 1 done); else None."""
        tween = self.tween
        if not self.calm or tween is None or tween.elapsed <= tween.delay or tween.duration <= 0.0:
            return None
        return easing.clamp01((tween.elapsed - tween.delay) / tween.duration)

    def centre(self) -> tuple[float, float]:
        if self.drag is not None:
            return self.drag
        rad = math.radians(self.angle)
        return self.cx - math.sin(rad) * self.lift, self.cy - math.cos(rad) * self.lift

    def draw(self, surface: pygame.Surface, assets: Assets, glow: tuple[int, int, int] | None = None,
             trace: list[int | None] | None = None, back: bool = False, dim: bool = False) -> None:
        if not self.visible:
            return
        h = max(4, round(self.height))
        angle = self.angle
        if self.tween is not None and not self.calm:  # quantise size and angle in flight: the cache stays small
            h = max(4, round(self.height / 8) * 8)
            angle = round(angle / 6.0) * 6.0
        face, squeeze = self.shown()
        card = self.key if face and self.key >= 0 and not back else None
        if trace is not None:
            trace.append(card)
        cx, cy = self.centre()
        airborne = (self.tween is not None and not self.calm) or self.drag is not None or self.lift > 1
        off = h * (0.05 if airborne else 0.025)
        if squeeze < 0.999:
            img = assets.card_scaled_x(card, h, squeeze)
            rect = img.get_rect(center=(round(cx), round(cy)))
            surface.blit(img, rect)
            return
        arriving = self.arriving()
        glow = glow or self.mark or (ARRIVAL_GLOW if arriving is not None else None)
        if glow is not None:
            g = assets.glow(h, glow)
            surface.blit(g, g.get_rect(center=(round(cx), round(cy))))
        sh = assets.shadow(h, angle, 1.6 if airborne else 1.0)
        surface.blit(sh, sh.get_rect(center=(round(cx + off * 0.5), round(cy + off))))
        img = assets.card(card, h, angle, dim and card is not None)
        if arriving is not None and arriving < FADE_SHARE:  # fading in where it landed
            img = img.copy()
            img.set_alpha(round(90 + 165 * arriving / FADE_SHARE))
        surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
        # the card itself for the fit audit: upright, or lying on its side (won tricks); a fan's few degrees aside
        across, along = (h, h * 0.7) if abs(math.sin(math.radians(angle))) > 0.7 else (h * 0.7, h)
        record_card(Box(cx - across / 2, cy - along / 2, across, along))
