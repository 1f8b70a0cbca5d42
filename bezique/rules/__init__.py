"""The pure rules core: no pygame, no YAML, no I/O, no clocks, no global random.

Everything that plays, shows, records or searches a game goes through this package's small API:
``new_game`` / ``GameState.deal`` / ``legal_actions`` / ``apply`` (unchecked, fast) / ``apply_checked``
(validating, raising ``IllegalActionError``) / ``view_for``.
"""
