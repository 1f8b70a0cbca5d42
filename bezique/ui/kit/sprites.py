"""A card on the table: where it is, where it is flying to, and whether its face shows (with a flip).

Positions are advanced by ``update(dt)`` only; ``draw`` reads them and changes nothing (STYLE.md lesson 8).
"""

from __future__ import annotations

import math

import pygame

from bezique.presenter.layout import Slot
from bezique.ui.kit import easing
from bezique.ui.kit.assets import Assets
from bezique.ui.kit.tween import Tween


class CardSprite:
    __slots__ = ("angle", "cx", "cy", "drag", "face_up", "flip", "flip_delay", "flip_dur", "flip_to",
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

    @property
    def moving(self) -> bool:
        return self.tween is not None or self.flip is not None or abs(self.lift - self.lift_target) > 0.5

    def target(self) -> tuple[float, float, float, float]:
        if self.tween is not None:
            e = self.tween.end
            return e["cx"], e["cy"], e["angle"], e["h"]
        return self.cx, self.cy, self.angle, self.height

    def fly_to(self, slot: Slot, duration: float, delay: float = 0.0, ease=easing.out_cubic) -> None:
        tx, ty, ta, th = self.target()
        if (abs(tx - slot.cx) < 0.5 and abs(ty - slot.cy) < 0.5 and abs(ta - slot.angle) < 0.5
                and abs(th - slot.height) < 0.5):
            return
        if duration <= 0.0 and delay <= 0.0:
            self.snap(slot)
            return
        angle = slot.angle
        if abs(angle - self.angle) > 180:  # the short way round
            angle += 360 if angle < self.angle else -360
        self.tween = Tween({"cx": self.cx, "cy": self.cy, "angle": self.angle, "h": self.height},
                           {"cx": slot.cx, "cy": slot.cy, "angle": angle, "h": float(slot.height)},
                           duration, delay, ease)

    def snap(self, slot: Slot) -> None:
        self.tween = None
        self.cx, self.cy, self.angle, self.height = slot.cx, slot.cy, slot.angle, float(slot.height)

    def set_face(self, face_up: bool, duration: float, delay: float = 0.0) -> None:
        """Turn the card over (animated when duration > 0)."""
        face_up = face_up and self.key >= 0
        if face_up == self.flip_to:
            return
        self.flip_to = face_up
        if duration <= 0.0:
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

    def centre(self) -> tuple[float, float]:
        if self.drag is not None:
            return self.drag
        rad = math.radians(self.angle)
        return self.cx - math.sin(rad) * self.lift, self.cy - math.cos(rad) * self.lift

    def draw(self, surface: pygame.Surface, assets: Assets, glow: tuple[int, int, int] | None = None,
             trace: list | None = None, back: bool = False, dim: bool = False) -> None:
        if not self.visible:
            return
        h = max(4, round(self.height))
        angle = self.angle
        if self.tween is not None:  # quantise size and angle in flight so the image cache stays small
            h = max(4, round(self.height / 8) * 8)
            angle = round(angle / 6.0) * 6.0
        face, squeeze = self.shown()
        card = self.key if face and self.key >= 0 and not back else None
        if trace is not None:
            trace.append(card)
        cx, cy = self.centre()
        airborne = self.tween is not None or self.drag is not None or self.lift > 1
        off = h * (0.05 if airborne else 0.025)
        if squeeze < 0.999:
            img = assets.card_scaled_x(card, h, squeeze)
            rect = img.get_rect(center=(round(cx), round(cy)))
            surface.blit(img, rect)
            return
        glow = glow or self.mark
        if glow is not None:
            g = assets.glow(h, glow)
            surface.blit(g, g.get_rect(center=(round(cx), round(cy))))
        sh = assets.shadow(h, angle, 1.6 if airborne else 1.0)
        surface.blit(sh, sh.get_rect(center=(round(cx + off * 0.5), round(cy + off))))
        img = assets.card(card, h, angle, dim and card is not None)
        surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
