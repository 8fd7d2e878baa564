"""numba is imported when a compiled kernel first runs, not when the catalog loads: a command or worker
that never runs one does not carry numba's compiler (over 100 MB resident). Then kernels that call
each other work as compiled code."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from solvers import compiled, tiles_pdb
from tests.helpers import ROOT


def test_loading_every_puzzle_imports_no_numba():
    code = ("import sys\nfrom game.catalog import registry\nregistry.names()\nregistry.cards()\n"
            "print('numba' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


@pytest.mark.skipif(not compiled.available(), reason="numba is not installed")
def test_a_kernel_compiles_on_its_first_call_with_the_kernels_it_calls():
    regions = tiles_pdb._regions_c(tiles_pdb.geometry(4, 4)[0], 16)
    assert "numba" in sys.modules
    assert not isinstance(tiles_pdb._regions_c, compiled._Deferred)   # numba's, in its module
    assert regions.shape == (1 << 16,) and regions.dtype == np.uint64
    assert regions[0xFFFF] == 0                # every cell free: one region, numbered 0 in every cell
    assert regions[0] == (1 << 64) - 1         # none free: 15 (occupied) in every cell's four bits
