"""Read a change as text: a unified diff's files, hunks and changed symbols, and the prose around it (pure).

A unified diff is recognised by its own markers (``diff --git``, ``--- a/`` + ``+++ b/``, ``@@ -l,n +l,n @@``), not
by guessing. From it:

- every changed file path (the new path; the old one too when a file was renamed or deleted);
- changed symbols: names a changed line defines (``def``/``class``/``func``/``function``/``fn``/``interface``/
  ``struct``/``enum``/``type`` NAME, or ``NAME =`` / ``NAME:`` at the start of a changed line) and the enclosing
  name git prints after a hunk header;
- the prose: everything outside the diff (a PR description or commit message pasted above it), which the
  extractor reads like any document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_GIT_HEADER = re.compile(r"^diff --git a/(\S+) b/(\S+)", re.MULTILINE)
_OLD_FILE = re.compile(r"^--- (?:a/)?(\S+)", re.MULTILINE)
_NEW_FILE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.MULTILINE)
_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@(.*)$", re.MULTILINE)
_DEFINES = re.compile(r"\b(?:def|class|func|function|fn|interface|struct|enum|type|module|trait)\s+"
                      r"([A-Za-z_][A-Za-z0-9_]*)")
_ASSIGNS = re.compile(r"^\s*(?:export\s+|const\s+|let\s+|var\s+|public\s+|private\s+)*([A-Za-z_][A-Za-z0-9_.-]*)"
                      r"\s*(?:=|:)\s*\S")
_MIN_SYMBOL = 3
NULL_PATH = "/dev/null"


@dataclass
class ChangedFile:
    path: str
    old_path: str | None = None
    added: int = 0
    removed: int = 0
    symbols: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ReadChange:
    """What the text holds: the files a diff changes (none for prose) and the prose to read for names."""

    files: tuple[ChangedFile, ...]
    prose: str
    is_diff: bool


def looks_like_diff(text: str) -> bool:
    return bool(_GIT_HEADER.search(text) or (_OLD_FILE.search(text) and _NEW_FILE.search(text)
                                              and _HUNK.search(text)))


def _symbol(name: str, out: list[str]) -> None:
    if len(name) >= _MIN_SYMBOL and any(c.isalpha() for c in name) and name not in out:
        out.append(name)


def _file(files: dict[str, ChangedFile], old: str | None, new: str | None) -> ChangedFile:
    path = new if new and new != NULL_PATH else old or ""
    entry = files.setdefault(path, ChangedFile(path))
    if old and old not in (path, NULL_PATH):
        entry.old_path = old
    return entry


def read_change(text: str) -> ReadChange:
    """Split ``text`` into changed files (with symbols) and prose; plain prose yields no files."""
    if not looks_like_diff(text):
        return ReadChange((), text, False)
    files: dict[str, ChangedFile] = {}
    prose: list[str] = []
    current: ChangedFile | None = None
    old: str | None = None
    in_diff = False
    for line in text.splitlines():
        git = _GIT_HEADER.match(line)
        if git:
            current, in_diff = _file(files, git.group(1), git.group(2)), True
            continue
        if line.startswith("--- ") and (m := _OLD_FILE.match(line)):
            old, in_diff = m.group(1), True
            continue
        if line.startswith("+++ ") and (m := _NEW_FILE.match(line)):
            current, old = _file(files, old, m.group(1)), None
            continue
        hunk = _HUNK.match(line)
        if hunk and current is not None:
            context = hunk.group(1)
            for name in _DEFINES.findall(context) or re.findall(r"[A-Za-z_][A-Za-z0-9_]{2,}", context)[:1]:
                _symbol(name, current.symbols)
            continue
        if in_diff and current is not None and line[:1] in ("+", "-"):
            current.added += line.startswith("+")
            current.removed += line.startswith("-")
            body = line[1:]
            for name in _DEFINES.findall(body):
                _symbol(name, current.symbols)
            if (assign := _ASSIGNS.match(body)) and not _DEFINES.search(body):
                _symbol(assign.group(1), current.symbols)
            continue
        if not in_diff or not line.startswith((" ", "\\", "index ", "new file", "deleted file", "similarity",
                                               "rename ", "old mode", "new mode", "Binary")):
            prose.append(line)
    return ReadChange(tuple(f for f in files.values() if f.path), "\n".join(prose).strip(), True)


def path_names(path: str) -> list[str]:
    """The directory and file names of a path, without extensions, in path order, each once:
    "services/ledger-sync/src/retry.py" -> services, ledger-sync, src, retry."""
    names: list[str] = []
    for part in re.split(r"[\\/]", path):
        stem = part.split(".", 1)[0] if "." in part[1:] else part
        if len(stem) >= _MIN_SYMBOL and stem not in names and stem not in (".", ".."):
            names.append(stem)
    return names
