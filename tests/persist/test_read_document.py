"""``storage.read_document``: the one way every per-user loader reads its file (stale temporary files removed, the
JSON read, the envelope's format and version checked, a damaged or newer file set aside under the loader's keys)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from bezique.persist import storage

FMT = "bezique-thing"


def read(path: Path, unreadable: str | None = "problem.thing_unreadable", newer: str | None = "problem.thing_newer",
         read_newer: bool = False) -> storage.Document:
    """`path` read as a loader of version 2 "bezique-thing" files with its own keys reads it."""
    return storage.read_document(path, FMT, 2, "a Bezique thing", damaged="problem.thing_damaged",
                                 unreadable=unreadable, newer=newer, read_newer=read_newer)


def kept(folder: Path, label: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(f"thing.json.{label}-") and p.suffix != ".txt")


@pytest.mark.parametrize("version", [1, 2])
def test_a_good_file_is_read_whole(tmp_path: Path, version: int) -> None:
    doc = {"format": FMT, "version": version, "payload": [1, 2, 3]}
    (tmp_path / "thing.json").write_text(json.dumps(doc), encoding="utf-8")
    found = read(tmp_path / "thing.json")
    assert found == storage.Document(doc=doc)
    assert (tmp_path / "thing.json").exists()


def test_no_file_is_nothing_saved_yet_not_a_problem(tmp_path: Path) -> None:
    assert read(tmp_path / "thing.json") == storage.Document()
    assert read(tmp_path / "not-a-folder" / "thing.json") == storage.Document()


def test_stale_temporary_files_go_and_a_fresh_one_stays(tmp_path: Path) -> None:
    stale, fresh = tmp_path / ".thing.json.abc.tmp", tmp_path / ".thing.json.def.tmp"
    stale.write_text("half", encoding="utf-8")
    fresh.write_text("being written", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert read(tmp_path / "thing.json") == storage.Document()
    assert not stale.exists() and fresh.exists()


@pytest.mark.parametrize(("text", "detail"), [
    ("{not json", "not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes"),
    ("", "the file is empty"),
    ("[1, 2]", "not a Bezique thing (format None)"),
    (json.dumps({"format": "other", "version": 1}), "not a Bezique thing (format 'other')"),
    (json.dumps({"format": FMT}), "version: expected a whole number of at least 1, found None"),
    (json.dumps({"format": FMT, "version": 0}), "version: expected a whole number of at least 1, found 0"),
    (json.dumps({"format": FMT, "version": True}), "version: expected a whole number of at least 1, found True"),
    (json.dumps({"format": FMT, "version": "2"}), "version: expected a whole number of at least 1, found '2'"),
])
def test_a_damaged_file_is_set_aside_under_the_damaged_key(tmp_path: Path, text: str, detail: str) -> None:
    path = tmp_path / "thing.json"
    path.write_text(text, encoding="utf-8")
    found = read(path)
    assert found.doc is None and found.problem is not None
    assert (found.problem.key, found.problem.detail) == ("problem.thing_damaged", detail)
    [aside] = kept(tmp_path, "damaged")
    assert found.problem.set_aside_to == aside and aside.read_text(encoding="utf-8") == text
    assert aside.with_name(aside.name + ".txt").read_text(encoding="utf-8") == detail + "\n"
    assert not path.exists()


def test_a_newer_file_is_kept_for_its_program_under_the_newer_key(tmp_path: Path) -> None:
    text = json.dumps({"format": FMT, "version": 3, "future": True})
    (tmp_path / "thing.json").write_text(text, encoding="utf-8")
    found = read(tmp_path / "thing.json")
    assert found.problem is not None and found.doc is None
    assert (found.problem.key, found.problem.detail) == ("problem.thing_newer",
                                                         "version 3 is newer than this program (2)")
    [aside] = kept(tmp_path, "newer")
    assert aside.read_text(encoding="utf-8") == text and kept(tmp_path, "damaged") == []


def test_without_a_newer_key_a_newer_file_is_damaged_like_any_other(tmp_path: Path) -> None:
    (tmp_path / "thing.json").write_text(json.dumps({"format": FMT, "version": 3}), encoding="utf-8")
    found = read(tmp_path / "thing.json", newer=None)
    assert found.problem is not None and found.problem.key == "problem.thing_damaged"
    assert len(kept(tmp_path, "damaged")) == 1 and kept(tmp_path, "newer") == []


def test_a_newer_file_can_be_read_as_far_as_it_goes(tmp_path: Path) -> None:
    doc = {"format": FMT, "version": 7, "payload": 1}
    (tmp_path / "thing.json").write_text(json.dumps(doc), encoding="utf-8")
    assert read(tmp_path / "thing.json", read_newer=True) == storage.Document(doc=doc)
    assert (tmp_path / "thing.json").exists()


def test_a_file_the_system_refuses_to_read_has_its_own_key(tmp_path: Path) -> None:
    (tmp_path / "thing.json").mkdir()  # a folder where the file should be: reading it fails (EISDIR)
    found = read(tmp_path / "thing.json")
    assert found.problem is not None and found.problem.key == "problem.thing_unreadable"
    assert found.problem.set_aside_to is not None and found.problem.set_aside_to.is_dir()
    (tmp_path / "thing.json").mkdir()
    found = read(tmp_path / "thing.json", unreadable=None)  # the loader words both alike
    assert found.problem is not None and found.problem.key == "problem.thing_damaged"
