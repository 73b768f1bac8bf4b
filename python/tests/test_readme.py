# SPDX-License-Identifier: BSD-3-Clause
"""The README's "From Python" script, run as a user would from the root of a clone: it must run,
print the demo's bodies and contacts, and draw its plot."""

import os
import re
import subprocess
import sys

import numpy as np
import pytest

import fecontact
from conftest import DEMO, SOURCE_DIR

plt = pytest.importorskip("matplotlib.pyplot")


def readme_script():
    text = (SOURCE_DIR / "README.md").read_text()
    section = text[text.index("\n## From Python"):]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match, "no python block under '## From Python' in README.md"
    return match.group(1)


def test_the_readme_script_runs_and_plots_the_gaps(tmp_path):
    script = readme_script()
    assert len(script.splitlines()) <= 15
    (tmp_path / "data").symlink_to(SOURCE_DIR / "data")
    (tmp_path / "readme.py").write_text(script)
    run = subprocess.run([sys.executable, "readme.py"], cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "MPLBACKEND": "Agg"})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert [line.split()[0] for line in lines[:4]] == ["block", "cylinder", "t_handle", "total"]
    assert "mass  94200.0 centre [ 0.   0.  -0.5]" in lines[0]  # 7850 x 4 x 3 x 1, at the box's centre
    # The cylinder's surface nodes within 0.02 of the plane z = 0 (test_search checks them node
    # by node); demo.geo presses it 0.01 into the block.
    mesh = fecontact.read_mesh(DEMO)
    nodes = np.unique(next(b for b in mesh.blocks if b.name == "cylinder_surface").connectivity)
    count = np.count_nonzero(np.abs(mesh.coordinates[nodes, 2]) <= 0.02)
    assert re.fullmatch(rf"{count} contacts, closest gap -0\.0100 at node \d+", lines[4]), lines[4]
    image = plt.imread(tmp_path / "gaps.png")
    assert image.ndim == 3 and image.shape[0] > 100 and np.ptp(image[..., :3]) > 0
