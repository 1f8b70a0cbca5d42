"""The window: the only package that imports pygame (STYLE.md, "Dependencies point one way").

Pure parts (``easing``, ``tween``, ``layout``, ``model``) import no pygame and are unit-tested without a display;
``app`` runs the loop and the scene stack, ``shell`` is the host around the screens, ``kit`` the game-free drawing
parts, ``table`` is the game table.
"""
