"""Settings: JSON in the config folder, defaults for anything missing or damaged."""
import json
import os

from game.keeping.settings import Settings, load_settings, save_settings


def test_round_trip_and_damaged_files(tmp_path):
    path = tmp_path / "sub" / "settings.json"
    assert load_settings(path) == Settings()
    assert save_settings(Settings(move_marks=True, deal_distance=33), path)
    assert load_settings(path) == Settings(move_marks=True, deal_distance=33)
    for junk in (b"\xff\xfe", b"[1, 2]", b"{\"reduce_motion\": 1}", b"null", b""):
        path.write_bytes(junk)
        assert load_settings(path) == Settings()
    path.write_text(json.dumps({"reduce_motion": True, "unknown": 5, "deal_distance": -4}))
    assert load_settings(path) == Settings(reduce_motion=True, unknown=(("unknown", "5"),))   # kept, not read


def test_unwritable_folder_is_not_an_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert save_settings(Settings(), blocker / "settings.json") is False


def test_every_new_setting_round_trips_and_bad_values_fall_back(tmp_path):
    path = tmp_path / "settings.json"
    mine = Settings(hide_answer=True, muted=True, volume=30, help_seen=("goat", "frogs"),
                    deal_distances={"klotski@line": 40, "goat": 7})
    assert save_settings(mine, path) and load_settings(path) == mine
    path.write_text(json.dumps({"volume": 101, "help_seen": ["goat", 3, "", "goat", "x" * 500],
                                "deal_distances": {"goat": 0, "eight": 12, "fifteen": True, "": 4}}))
    got = load_settings(path)
    assert got.volume == Settings().volume and got.help_seen == ("goat",) and got.deal_distances == {"eight": 12}
    path.write_text(json.dumps({"deal_distances": [1, 2], "help_seen": {"a": 1}}))
    assert load_settings(path) == Settings()


def test_theme_is_kept_and_only_a_known_palette_is_read(tmp_path):
    path = tmp_path / "settings.json"
    assert Settings().theme == "standard"
    assert save_settings(Settings(theme="high-contrast"), path)
    assert load_settings(path).theme == "high-contrast"
    for bad in ("dark", "High-Contrast", "", 1, None, True, ["high-contrast"], "x" * 10_000):
        path.write_text(json.dumps({"theme": bad, "muted": True}))
        got = load_settings(path)
        assert got.theme == "standard" and got.muted, bad   # the bad key falls back; the others are still read


def test_a_byte_order_mark_is_accepted_not_taken_for_damage(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"move_marks": True, "volume": 40}).encode("utf-8"))
    assert load_settings(path) == Settings(move_marks=True, volume=40)
    assert path.is_file() and not path.with_name("settings.json.broken").exists()


def test_a_linked_settings_file_is_written_through_its_link(tmp_path):
    kept = tmp_path / "dotfiles" / "fewest-moves.json"   # where a dotfiles manager keeps the real file
    kept.parent.mkdir()
    kept.write_text(json.dumps({"muted": True}))
    config = tmp_path / "config"
    config.mkdir()
    link = config / "settings.json"
    link.symlink_to(os.path.relpath(kept, config))
    assert load_settings(link) == Settings(muted=True)
    assert save_settings(Settings(muted=True, volume=20), link)
    assert link.is_symlink() and os.readlink(link) == os.path.relpath(kept, config)
    assert load_settings(kept) == Settings(muted=True, volume=20)
    assert sorted(p.name for p in kept.parent.iterdir()) == ["fewest-moves.json"]   # no temporary file left


def test_a_link_to_something_not_a_file_is_left_alone(tmp_path):
    elsewhere = tmp_path / "a-folder"
    elsewhere.mkdir()
    for target in (elsewhere, tmp_path / "missing" / "settings.json"):
        link = tmp_path / "settings.json"
        link.symlink_to(target)
        assert save_settings(Settings(muted=True), link) is False
        assert link.is_symlink() and os.readlink(link) == str(target) and not (tmp_path / "missing").exists()
        link.unlink()
    assert list(elsewhere.iterdir()) == []
