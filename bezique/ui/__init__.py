"""The window: the only package that imports pygame (STYLE.md, "Dependencies point one way").

Pure parts (``easing``, ``tween``, ``layout``, ``model``) import no pygame and are unit-tested without a display;
``app`` runs the loop and the scene stack, ``table`` is the game table.
"""
