"""Drawing and animation parts with no game knowledge: assets, widgets, text, sprites, tweens, easing."""
