"""The ``netns`` mark (hooked in by ``tests/conftest.py``): tests marked with it run inside a loopback-only network
namespace of their own (``unshare -rn``), so that whatever they do over the network (the iroh tunnel, relays off)
cannot leave this machine, and a test that meant to stay on loopback but did not fails instead of reaching the
internet.

Outside the namespace, such a test's call runs the same test again in a child ``python -m pytest`` under
``unshare -rn`` and passes or fails with it (its output shown on failure); inside, the loopback interface is
brought up and the test runs. Where namespaces are not allowed (some CI containers), or iroh is not installed, they
are skipped with the reason.
"""

from __future__ import annotations

import fcntl
import functools
import os
import shutil
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest

INSIDE = "BEZIQUE_IN_NETNS"
ROOT = Path(__file__).resolve().parents[1]
HANG_S = 600.0  # a guard against a hang only
_SIOCGIFFLAGS, _SIOCSIFFLAGS, _IFF_UP = 0x8913, 0x8914, 0x1


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "netns: runs inside a loopback-only network namespace (unshare -rn)")


@functools.cache
def why_no_namespace() -> str | None:
    """Why this machine cannot run a test in a network namespace of its own, or None when it can."""
    if shutil.which("unshare") is None:
        return "network namespaces are not available here (no unshare command)"
    run = subprocess.run(["unshare", "-rn", "true"], capture_output=True, text=True, check=False)
    if run.returncode != 0:
        return f"network namespaces are not allowed here (unshare -rn: {run.stderr.strip() or run.returncode})"
    return None


def loopback_up() -> None:
    """Bring up ``lo`` in a fresh namespace (it starts down), as ``ip link set lo up`` does."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        request = struct.pack("16sh", b"lo", 0)
        flags = struct.unpack("16sh", fcntl.ioctl(probe, _SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(probe, _SIOCSIFFLAGS, struct.pack("16sh", b"lo", flags | _IFF_UP))


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    if pyfuncitem.get_closest_marker("netns") is None:
        return None
    try:
        import iroh  # noqa: F401
    except (ImportError, OSError) as exc:
        pytest.skip(f"iroh is not installed here (pip install .[internet]): {exc}")
    if os.environ.get(INSIDE) == "1":
        loopback_up()
        return None  # the test runs here, in the namespace
    problem = why_no_namespace()
    if problem is not None:
        pytest.skip(problem)
    run = subprocess.run(["unshare", "-rn", sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                          "--show-capture=no", pyfuncitem.nodeid], cwd=ROOT, env={**os.environ, INSIDE: "1"},
                         capture_output=True, text=True, timeout=HANG_S, check=False)
    if run.returncode != 0 or " passed" not in run.stdout:
        failures = run.stdout[run.stdout.find("= FAILURES ="):] if "= FAILURES =" in run.stdout else run.stdout
        pytest.fail(f"in the network namespace:\n{failures[:8000]}\n{run.stderr[-3000:]}", pytrace=False)
    return True
