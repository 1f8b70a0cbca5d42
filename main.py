#!/usr/bin/env python3
"""Start Bezique: ``python main.py`` (or double-click) opens the table against the computer."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from bezique.commands.cli import main

if __name__ == "__main__":
    import multiprocessing

    multiprocessing.freeze_support()  # the standalone build's thinking processes start through this executable
    raise SystemExit(main())
