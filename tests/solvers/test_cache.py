"""The on-disk array cache: round trips, and damaged files are detected and removed."""

import numpy as np
import pytest

from solvers import cache


@pytest.fixture(autouse=True)
def tmp_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))
    return tmp_path


def test_cache_dir_follows_environment(tmp_cache):
    assert cache.cache_dir() == tmp_cache


@pytest.mark.parametrize(
    "array",
    [
        np.arange(1000, dtype=np.uint8),
        np.arange(24, dtype=np.int64).reshape(2, 3, 4),
        np.zeros((0, 5), dtype=np.int16),
        np.array([1.5, -2.0], dtype=np.float32),
    ],
)
def test_round_trip(array):
    path = cache.save_array("table", array, version=3)
    assert path.exists()
    loaded = cache.load_array("table", version=3)
    assert loaded.dtype == array.dtype and loaded.shape == array.shape
    assert np.array_equal(loaded, array)


def test_missing_returns_none():
    assert cache.load_array("nothing", 1) is None


def test_no_temp_files_left(tmp_cache):
    cache.save_array("a", np.arange(10), 1)
    cache.save_array("a", np.arange(20), 1)
    assert [p.name for p in tmp_cache.iterdir()] == ["a.npt"]
    assert cache.load_array("a", 1).size == 20


def test_wrong_version_is_removed():
    path = cache.save_array("t", np.arange(10, dtype=np.uint8), 1)
    assert cache.load_array("t", 2) is None
    assert not path.exists()


@pytest.mark.parametrize("damage", ["truncate", "flip", "extend", "header", "empty"])
def test_damaged_file_is_detected_and_removed(damage):
    data = np.arange(5000, dtype=np.uint16)
    path = cache.save_array("t", data, 1)
    raw = bytearray(path.read_bytes())
    if damage == "truncate":
        raw = raw[:-100]
    elif damage == "flip":
        raw[-7] ^= 0x40
    elif damage == "extend":
        raw += b"\0\0"
    elif damage == "header":
        raw[2:6] = b"XXXX"
    else:
        raw = bytearray()
    path.write_bytes(bytes(raw))
    assert cache.load_array("t", 1) is None
    assert not path.exists()
    cache.save_array("t", data, 1)
    assert np.array_equal(cache.load_array("t", 1), data)


def test_name_for_another_file_is_rejected():
    path = cache.save_array("first", np.arange(3), 1)
    path.rename(path.with_name("second.npt"))
    assert cache.load_array("second", 1) is None


def test_bad_names_rejected():
    with pytest.raises(ValueError):
        cache.save_array("../escape", np.arange(3), 1)
