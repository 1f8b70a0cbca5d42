"""Windows starter: double-click to play without a console window (.pyw files run with pythonw)."""

import runpy
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
runpy.run_path(str(ROOT / "main.py"), run_name="__main__")
