"""The Flatpak manifest, which CI cannot build (it needs the freedesktop runtime): the app id, the runtime,
the wheels it installs against the hash pins of assets/flatpak/requirements.txt, and the files it installs."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from game.common.identity import APP_ID, DISTRIBUTION

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "assets" / "flatpak" / f"{APP_ID}.json"


def test_the_flatpak_manifest_installs_the_game_s_files_from_hash_pinned_wheels() -> None:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert manifest["id"] == APP_ID
    assert manifest["runtime"] == "org.freedesktop.Platform" and manifest["sdk"] == "org.freedesktop.Sdk"
    assert manifest["command"] == DISTRIBUTION
    assert {"--socket=wayland", "--socket=fallback-x11", "--socket=pulseaudio"} <= set(manifest["finish-args"])
    packages, game = manifest["modules"]
    requirements = (ROOT / "assets" / "flatpak" / "requirements.txt").read_text(encoding="utf-8")
    pinned = dict(re.findall(r"^([a-z0-9-]+)==(\S+)", requirements, re.M))
    hashes = set(re.findall(r"--hash=sha256:([0-9a-f]{64})", requirements))
    wheels = [s for s in packages["sources"] if s["path"].startswith("../../build/flatpak-wheels/")]
    assert {s["sha256"] for s in wheels} == hashes
    for source in wheels:   # a wheel of a pinned version, for the architecture it is limited to (if any)
        name, version = Path(source["path"]).name.split("-")[:2]
        assert pinned[name.replace("_", "-")] == version
        assert all(arch in source["path"] for arch in source.get("only-arches", []))
    needed = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    assert {re.match(r"[a-z0-9-]+", d)[0] for d in needed} <= set(pinned)
    commands = " ".join(game["build-commands"]).replace("${FLATPAK_ID}", APP_ID)
    for path in re.findall(r"install -Dm644 (\S+)", commands):
        if "${size}" in path:
            assert all((ROOT / path.replace("${size}", str(size))).is_file() for size in (16, 512)), path
        else:
            assert (ROOT / path).is_file(), path
