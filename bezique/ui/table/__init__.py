"""The table scene, its drawing code and its overlays (pause, log, scoreboard, hand-over)."""
