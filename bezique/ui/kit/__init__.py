"""Drawing and animation parts with no game knowledge: assets, widgets, sprites, floaters, layers, tweens, easing.

They import only pygame, the standard library, each other and ``bezique.geometry`` (tests/test_architecture.py,
tests/test_layering.py): what they draw of the game (the card art's files, the words) is handed to them.
"""
