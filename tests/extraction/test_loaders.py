"""Loaders: the three supported shapes, every kind of bad input, and directory walks that never stop early."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from extraction.documents import document_id_for_path, sha256_hex
from extraction.errors import DocumentRejected
from extraction.loaders import Failed, Loaded, iter_documents, load_file

FIXTURES = Path(__file__).parent / "fixtures"


def _reason(path: Path, **kwargs: int) -> str:
    with pytest.raises(DocumentRejected) as info:
        load_file(path, None, **kwargs)
    assert info.value.path == str(path)
    return info.value.reason


def test_redwood_shaped_markdown() -> None:
    path = FIXTURES / "ticket.md"
    doc = load_file(path, FIXTURES)
    text = path.read_bytes().decode("utf-8")
    assert doc.text == text and doc.content_hash == sha256_hex(text)
    assert doc.id == "fx_ticket_0001"
    assert doc.source_type == "jira"
    assert doc.title == 'Checkout "retry" storm after cache failover'
    assert doc.authors == ("Lena Okafor",)
    assert doc.participants == ("Tomas Reyes", "Lena Okafor")
    assert (doc.created, doc.updated) == ("2025-11-03", "2025-11-04T09:15:00Z")
    assert doc.original_path == "exports/jira/shop/SHOP-4411.json"
    assert text[: doc.body_start].endswith("---\n") and doc.body.startswith("\n# Checkout")
    assert doc.path == "ticket.md"  # relative to the ingest root: no server path is stored
    assignee = next(m for m in doc.metadata_lines if m.key == "assignee")
    assert [doc.text[s:e] for s, e in assignee.value_spans] == ["Tomas Reyes"]


def test_plain_markdown_title_is_first_level_one_heading() -> None:
    doc = load_file(FIXTURES / "note.md", FIXTURES)
    assert doc.title == "Session cache runbook"
    assert doc.source_type == "markdown" and doc.body_start == 0 and doc.metadata_lines == ()
    assert doc.id == document_id_for_path("note.md")
    assert doc.authors == () and doc.created is None and doc.original_path is None


def test_markdown_without_heading_uses_the_stem(tmp_path: Path) -> None:
    path = tmp_path / "release-notes.markdown"
    path.write_text("Just text.\n## Not level one\n", encoding="utf-8")
    assert load_file(path, tmp_path).title == "release-notes"


def test_text_file(tmp_path: Path) -> None:
    doc = load_file(FIXTURES / "sync.txt", FIXTURES)
    assert (doc.source_type, doc.title, doc.body_start) == ("text", "sync", 0)
    path = tmp_path / "looks_like_front_matter.txt"
    path.write_text("---\nnot: parsed\n---\n# Not a title\n", encoding="utf-8")
    doc = load_file(path, tmp_path)
    assert doc.body_start == 0 and doc.title == "looks_like_front_matter" and doc.metadata_lines == ()


def test_fallback_id_uses_the_path_relative_to_root(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    path = tmp_path / "a" / "n.md"
    path.write_text("# N\n", encoding="utf-8")
    assert load_file(path, tmp_path).id == document_id_for_path("a/n.md")
    assert load_file(path, tmp_path / "a").id == document_id_for_path("n.md")


def test_crlf_and_bom_are_kept_exact(tmp_path: Path) -> None:
    raw = (FIXTURES / "ticket.md").read_bytes().replace(b"\n", b"\r\n")
    path = tmp_path / "crlf.md"
    path.write_bytes(b"\xef\xbb\xbf" + raw)
    doc = load_file(path, tmp_path)
    assert doc.text == raw.decode("utf-8")  # the BOM is dropped, nothing else changes
    assert doc.title == 'Checkout "retry" storm after cache failover'
    assert doc.text[: doc.body_start].endswith("---\r\n")
    for line in doc.metadata_lines:
        assert not doc.text[line.start : line.end].endswith("\r")


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("empty.md", b"", "empty file"),
        ("blank.txt", b"  \n\t\r\n ", "empty file (whitespace only)"),
        ("nul.md", b"# Title\n\x00\x01binary", "binary file: NUL byte at byte offset 8"),
        ("controls.txt", bytes(range(1, 9)) * 20, "binary file"),
        ("latin1.md", b"# Caf\xe9\n", "invalid UTF-8 at byte offset 5"),
        ("bom_latin1.md", b"\xef\xbb\xbfok \xff", "invalid UTF-8 at byte offset 6"),
        ("escape.md", b"# Title\ncolour \x1b[31m red\n", "control character U+001B at character offset 15"),
        ("unclosed.md", b"---\nid: \"x\"\n# Body\n", "malformed front matter: no closing '---' line"),
        ("badyaml.md", b"---\nid: [x\n---\nbody\n", "malformed front matter: invalid YAML"),
        ("listfm.md", b"---\n- a\n---\nbody\n", "malformed front matter: expected a mapping"),
        ("emptyid.md", b"---\nid: \"  \"\n---\nbody\n", "malformed front matter: 'id' is empty"),
        ("maptitle.md", b"---\ntitle: {a: 1}\n---\nbody\n", "'title' must be a single value"),
        ("report.pdf", b"%PDF-1.4", "unsupported file type '.pdf'"),
        ("README", b"text", "unsupported file type '(no extension)'"),
    ],
)
def test_bad_input_is_rejected_with_a_clear_reason(tmp_path: Path, name: str, content: bytes, reason: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert reason in _reason(path)


def test_large_file_is_rejected_from_stat_without_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.md"
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: instant, takes no disk

    def no_open(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was opened")

    monkeypatch.setattr(Path, "open", no_open)
    assert _reason(path) == f"file too large: {50 * 1024 * 1024} bytes (limit {10 * 1024 * 1024})"


def test_size_limit_is_a_parameter(tmp_path: Path) -> None:
    path = tmp_path / "small.txt"
    path.write_text("x" * 100, encoding="utf-8")
    assert "file too large" in _reason(path, max_bytes=99)
    assert load_file(path, tmp_path, max_bytes=100).text == "x" * 100


def test_missing_file_directory_and_fifo(tmp_path: Path) -> None:
    assert _reason(tmp_path / "missing.md") == "no such file"
    (tmp_path / "dir.md").mkdir()
    assert _reason(tmp_path / "dir.md") == "is a directory"
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.md")
        assert _reason(tmp_path / "pipe.md") == "not a regular file"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_is_permission_denied(tmp_path: Path) -> None:
    path = tmp_path / "secret.md"
    path.write_text("# Secret\n", encoding="utf-8")
    path.chmod(0)
    try:
        assert _reason(path) == "permission denied"
    finally:
        path.chmod(0o600)


def _corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "sub").mkdir(parents=True)
    (root / ".git").mkdir()
    shutil.copy(FIXTURES / "ticket.md", root / "b_ticket.md")
    (root / "a_empty.md").write_bytes(b"")
    (root / "c_binary.txt").write_bytes(b"\x00\x01\x02")
    (root / "d_image.png").write_bytes(b"\x89PNG")
    (root / "sub" / "e_note.md").write_text("# Note\n\nText.\n", encoding="utf-8")
    (root / "sub" / "f.txt").write_text("plain\n", encoding="utf-8")
    (root / ".hidden.md").write_text("# Hidden\n", encoding="utf-8")
    (root / ".git" / "x.md").write_text("# In a hidden dir\n", encoding="utf-8")
    return root


def _summary(outcomes: list[Loaded | Failed], root: Path) -> list[tuple[str, str]]:
    return [
        (o.document.path, "ok") if isinstance(o, Loaded) else (str(o.path), o.reason) for o in outcomes
    ]


def test_directory_with_bad_files_still_loads_the_rest(tmp_path: Path) -> None:
    root = _corpus(tmp_path)
    outcomes = list(iter_documents([root]))
    assert _summary(outcomes, root) == [
        (str(root / "a_empty.md"), "empty file"),
        ("b_ticket.md", "ok"),
        (str(root / "c_binary.txt"), "binary file: NUL byte at byte offset 0"),
        (str(root / "d_image.png"), "unsupported file type '.png'"),
        ("sub/e_note.md", "ok"),
        ("sub/f.txt", "ok"),
    ]
    note = next(o.document for o in outcomes if isinstance(o, Loaded) and o.document.title == "Note")
    assert note.id == document_id_for_path("sub/e_note.md")
    assert list(iter_documents([root])) == outcomes  # deterministic


def test_explicit_files_missing_paths_and_duplicates(tmp_path: Path) -> None:
    root = _corpus(tmp_path)
    note = root / "sub" / "e_note.md"
    outcomes = list(iter_documents([note, tmp_path / "missing.md", root / "sub"]))
    assert _summary(outcomes, root) == [
        ("e_note.md", "ok"),
        (str(tmp_path / "missing.md"), "no such file"),
        ("f.txt", "ok"),  # e_note.md was already loaded
    ]


def test_symlinked_directories_are_reported_not_followed(tmp_path: Path) -> None:
    root = _corpus(tmp_path)
    (root / "sub" / "loop").symlink_to(root, target_is_directory=True)
    failed = [o for o in iter_documents([root]) if isinstance(o, Failed)]
    assert (root / "sub" / "loop", "symlinked directory not followed") in [(f.path, f.reason) for f in failed]


def test_symlinked_files_are_refused_so_nothing_outside_the_folder_is_ingested(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "real.md").write_text("# Real\n\nInside.\n", encoding="utf-8")
    secret = tmp_path / "outside.md"
    secret.write_text("# Secret\n\nOutside the corpus.\n", encoding="utf-8")
    (root / "sub" / "link.md").symlink_to(secret)
    outcomes = list(iter_documents([root]))
    assert [o.document.path for o in outcomes if isinstance(o, Loaded)] == ["sub/real.md"]
    failed = [(o.path, o.reason) for o in outcomes if isinstance(o, Failed)]
    assert failed == [(root / "sub" / "link.md", "symlinked file not followed")]


def test_ids_with_slashes_are_normalised_and_dot_ids_rejected(tmp_path: Path) -> None:
    path = tmp_path / "pr.md"
    path.write_text('---\nid: " org/repo/pull/12 "\n---\n\nBody.\n', encoding="utf-8")
    assert load_file(path, tmp_path).id == "org-repo-pull-12"
    path.write_text('---\nid: ".."\n---\n\nBody.\n', encoding="utf-8")
    with pytest.raises(DocumentRejected, match="cannot be used in a URL"):
        load_file(path, tmp_path)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
def test_unreadable_file_in_a_directory_does_not_stop_the_walk(tmp_path: Path) -> None:
    root = _corpus(tmp_path)
    (root / "sub" / "e_note.md").chmod(0)
    (root / "locked").mkdir()
    (root / "locked").chmod(0)
    try:
        summary = _summary(list(iter_documents([root])), root)
    finally:
        (root / "sub" / "e_note.md").chmod(0o600)
        (root / "locked").chmod(0o700)
    assert (str(root / "sub" / "e_note.md"), "permission denied") in summary
    assert (str(root / "locked"), "permission denied") in summary
    assert ("sub/f.txt", "ok") in summary


def test_permission_error_is_reported_even_when_running_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Root can read anything, so simulate what the OS says to an ordinary user."""
    root = _corpus(tmp_path)
    real_open, real_iterdir = Path.open, Path.iterdir

    def guarded_open(self: Path, *args: object, **kwargs: object) -> object:
        if self.name == "e_note.md":
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    def guarded_iterdir(self: Path) -> object:
        if self.name == "locked":
            raise PermissionError(13, "Permission denied", str(self))
        return real_iterdir(self)

    (root / "locked").mkdir()
    monkeypatch.setattr(Path, "open", guarded_open)
    monkeypatch.setattr(Path, "iterdir", guarded_iterdir)
    summary = _summary(list(iter_documents([root])), root)
    assert (str(root / "sub" / "e_note.md"), "permission denied") in summary
    assert (str(root / "locked"), "permission denied") in summary
    assert ("sub/f.txt", "ok") in summary
