"""The table: its scene (``scene``, the lifecycle over the parts ``stage``, ``turns``, ``controls``, ``curtain`` and
``undo``), its drawing code (``draw`` and the panels, reading ``protocol``) and the screens over it (``overlays``,
``scoreboard``), which report back through callbacks."""
