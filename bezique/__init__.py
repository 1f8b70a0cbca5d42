"""Bezique: the 19th-century French trick-and-meld card game.

Packages: ``rules`` (the pure rules core), ``ai`` (computer opponents), ``ui`` (the pygame window).
Dependencies point one way: rules <- ai <- ui.
"""

__version__ = "0.1.0"
