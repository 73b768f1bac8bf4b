# SPDX-License-Identifier: BSD-3-Clause
"""Shared fixtures of the Python tests: where the sources, the demo model, the fecontact program
and gmsh are (ctest passes them in the environment), and the exit status that tells ctest a
test file was skipped as a whole."""

import os
import pathlib
import shutil
import sys
import threading
import time

import pytest

import fecontact

SOURCE_DIR = pathlib.Path(os.environ.get("FECONTACT_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
DEMO = SOURCE_DIR / "data" / "demo.msh"
SKIPPED_EXIT_STATUS = 77  # ctest's SKIP_RETURN_CODE for these tests


def pytest_sessionfinish(session, exitstatus):
    """Every test skipped (a Python package or a tool missing): exit 77, which ctest shows as
    skipped rather than passed."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    # 5: nothing collected, as when a module-level importorskip skips the whole file.
    if exitstatus in (0, 5) and reporter is not None:
        if reporter.stats.get("skipped") and not reporter.stats.get("passed"):
            session.exitstatus = SKIPPED_EXIT_STATUS


@pytest.fixture(scope="session")
def demo():
    return fecontact.read_mesh(DEMO)


@pytest.fixture(scope="session")
def app():
    path = os.environ.get("FECONTACT_APP", "")
    if not path or not os.path.exists(path):
        pytest.skip("the fecontact program is not built (FECONTACT_APP unset)")
    return path


@pytest.fixture(scope="session")
def gmsh():
    path = os.environ.get("FECONTACT_GMSH") or shutil.which("gmsh")
    if not path or not os.path.exists(path):
        pytest.skip("gmsh not found (apt: gmsh)")
    return path


def python_ran_during(call):
    """Runs call() in a thread while this thread keeps stamping the time; returns how many
    stamps fell in the middle half of the call. A call that holds the GIL leaves none there
    (no Python code runs in another thread meanwhile), one that releases it leaves many. The
    thread switch interval is cut to 0.1 ms meanwhile, so that the bytecodes just before and
    after the call, where this thread may run for one interval, stay outside the middle half
    of a call of several milliseconds."""
    window = {}

    def worker():
        window["start"] = time.perf_counter()
        call()
        window["end"] = time.perf_counter()

    stamps = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        thread = threading.Thread(target=worker)
        thread.start()
        while thread.is_alive():
            stamps.append(time.perf_counter())
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    quarter = (window["end"] - window["start"]) / 4
    return sum(window["start"] + quarter < t < window["end"] - quarter for t in stamps)
