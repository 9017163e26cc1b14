"""YAML front matter: the values (``yaml.safe_load`` rules) and the exact offsets of every citable line.

Front matter is a ``---`` line at the very top (after an optional BOM), YAML, and a closing ``---`` line.
Besides loading the mapping, every line that carries an inline value (``key: value``, ``"key": value`` at any
indent, and ``- item`` lines of block lists) becomes a :class:`MetadataLine` whose line range and value spans
are offsets into the text that was passed in. Values are what YAML means (escapes decoded, plain scalars as
written, nulls dropped); spans cover each value as written, inside its quotes, so for a value written with
escapes (``\\"``, ``\\n``) the span is the raw escaped text and differs from the decoded value.
A line whose inline reading disagrees with what YAML loaded (for example a plain scalar continued on the next
line) gets no MetadataLine rather than a wrong one. Block scalars (``|``, ``>``) and flow mappings (``{...}``)
are loaded but get no value spans. Dates and timestamps stay the strings they were written as.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import yaml  # type: ignore[import-untyped, unused-ignore]

from extraction.documents import MetadataLine
from extraction.errors import DocumentRejected

# SafeLoader that leaves dates and timestamps as the strings they were written as.
_Loader: Any = type("_Loader", (yaml.SafeLoader,), {})

_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

_DELIM = re.compile(r"---[ \t]*")
_KEY_LINE = re.compile(
    r"(?P<indent> *)(?P<key>\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*'|[A-Za-z0-9_$.][\w .$/-]*?)[ \t]*:(?:[ \t]+|$)"
)
_ITEM_LINE = re.compile(r"(?P<indent> *)-[ \t]+")
_Token = tuple[str, int, int, Any]  # written value, span start, span end (in the line), YAML meaning


@dataclass(frozen=True)
class FrontMatter:
    data: dict[str, Any]  # the loaded mapping (dates stay strings)
    lines: tuple[MetadataLine, ...]  # every citable line, in file order
    start: int  # offset of the opening ``---`` (1 after a BOM)
    body_start: int  # offset just after the closing ``---`` line and its line ending


def _iter_lines(text: str, pos: int) -> Iterator[tuple[int, int, int]]:
    """(line start, content end without \\r\\n, next line start) for each line from ``pos``."""
    while pos < len(text):
        nl = text.find("\n", pos)
        nxt = len(text) if nl < 0 else nl + 1
        end = nl if nl >= 0 else len(text)
        if end > pos and text[end - 1] == "\r":
            end -= 1
        yield pos, end, nxt
        pos = nxt


def _scalar(line: str, i: int, stops: str) -> _Token | None:
    """Read one scalar at ``line[i]``; None when it is not a simple scalar (or not terminated)."""
    if line[i] == '"':
        j = i + 1
        while j < len(line) and line[j] != '"':
            j += 2 if line[j] == "\\" else 1
        if j >= len(line):
            return None
        raw = line[i + 1 : j]
        return raw, i + 1, j, (yaml.load(line[i : j + 1], _Loader) if "\\" in raw else raw)
    if line[i] == "'":
        j = i + 1
        while j < len(line) and not (line[j] == "'" and line[j + 1 : j + 2] != "'"):
            j += 2 if line[j] == "'" else 1
        if j >= len(line):
            return None
        raw = line[i + 1 : j]
        return raw, i + 1, j, raw.replace("''", "'")
    if line[i] in "{}[]|>&*!%@`#,":
        return None
    j = i
    while j < len(line) and line[j] not in stops and not (line[j] == "#" and line[j - 1] in " \t"):
        j += 1
    raw = line[i:j].rstrip(" \t")
    try:
        meaning = yaml.load(raw, _Loader) if raw else None
    except yaml.YAMLError:
        return None
    return raw, i, i + len(raw), meaning


def _skip_ws(line: str, i: int) -> int:
    while i < len(line) and line[i] in " \t":
        i += 1
    return i


def _inline_values(line: str, i: int) -> list[_Token] | None:
    """Tokens of the inline value starting at ``line[i]``: one scalar or a one-line flow list of scalars."""
    i = _skip_ws(line, i)
    if i >= len(line) or line[i] == "#":
        return None  # a header line (its value is the indented block below)
    tokens: list[_Token] = []
    if line[i] == "[":
        i = _skip_ws(line, i + 1)
        while i < len(line) and line[i] != "]":
            tok = _scalar(line, i, ",]")
            if tok is None:
                return None
            tokens.append(tok)
            i = _skip_ws(line, tok[2] + (1 if line[i] in "\"'" else 0))
            if i < len(line) and line[i] == ",":
                i = _skip_ws(line, i + 1)
            elif i < len(line) and line[i] != "]":
                return None
        if i >= len(line):
            return None  # the list continues on the next line
        i += 1
    else:
        tok = _scalar(line, i, "")
        if tok is None:
            return None
        tokens.append(tok)
        i = tok[2] + (1 if line[i] in "\"'" else 0)
    i = _skip_ws(line, i)
    if i < len(line) and line[i] != "#":
        return None
    return [t for t in tokens if t[3] is not None]  # nulls are no value


def _key_text(raw: str) -> str:
    if raw[:1] in "\"'":
        return str(yaml.load(raw, _Loader))
    return raw


def _lookup(data: Any, path: list[str]) -> tuple[bool, Any]:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return False, None
        data = data[key]
    return True, data


def _agrees(tokens: list[_Token], loaded: Any, item: bool) -> bool:
    meanings = [t[3] for t in tokens]
    if item:
        return isinstance(loaded, list) and len(meanings) == 1 and meanings[0] in loaded
    if isinstance(loaded, list):
        return meanings == [x for x in loaded if x is not None]
    return meanings == ([] if loaded is None else [loaded])


def _metadata_lines(text: str, start: int, stop: int, data: dict[str, Any]) -> list[MetadataLine]:
    out: list[MetadataLine] = []
    stack: list[tuple[int, str]] = []  # (indent, key) of the enclosing keys
    for ls, le, _next in _iter_lines(text, start):
        if ls >= stop:
            break
        line = text[ls:le]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key_m, item_m = _KEY_LINE.match(line), _ITEM_LINE.match(line)
        m = key_m or item_m
        if m is None:
            continue
        indent = len(m.group("indent"))
        while stack and stack[-1][0] >= indent and key_m is not None:
            stack.pop()
        if key_m is not None:
            key = _key_text(key_m.group("key"))
            path, item = [k for _, k in stack] + [key], False
            stack.append((indent, key))
        elif stack and indent >= stack[-1][0]:
            key, path, item = stack[-1][1], [k for _, k in stack], True
        else:
            continue
        tokens = _inline_values(line, m.end())
        found, loaded = _lookup(data, path)
        if tokens is None or not found or not _agrees(tokens, loaded, item):
            continue
        out.append(
            MetadataLine(
                key=key,
                values=tuple(t[3] if isinstance(t[3], str) else t[0] for t in tokens),
                start=ls,
                end=le,
                value_spans=tuple((ls + t[1], ls + t[2]) for t in tokens),
            )
        )
    return out


def parse_front_matter(text: str, path: str = "<text>") -> FrontMatter | None:
    """Parse the front matter at the top of ``text``; None when the text has none.

    Raises DocumentRejected for an unclosed block, invalid YAML, or YAML that is not a mapping.
    """
    first = 1 if text.startswith("\ufeff") else 0
    lines = _iter_lines(text, first)
    opening = next(lines, None)
    if opening is None or not _DELIM.fullmatch(text, opening[0], opening[1]):
        return None
    close = next((ln for ln in lines if _DELIM.fullmatch(text, ln[0], ln[1])), None)
    if close is None:
        raise DocumentRejected(path, "malformed front matter: no closing '---' line")
    try:
        data = yaml.load(text[opening[2] : close[0]], _Loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 2})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DocumentRejected(path, f"malformed front matter: invalid YAML{where}: {problem}") from exc
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DocumentRejected(path, f"malformed front matter: expected a mapping, got {type(data).__name__}")
    data = {str(k): v for k, v in data.items()}
    lines_out = _metadata_lines(text, opening[2], close[0], data)
    return FrontMatter(data=data, lines=tuple(lines_out), start=opening[0], body_start=close[2])


@dataclass(frozen=True)
class KeyLine:
    """One ``key: value`` front-matter line read alone: the key as YAML means it and its inline values."""

    key: str
    values: tuple[str, ...]  # empty for ``key: []``, ``key: ""`` or a null


def read_key_line(line: str) -> KeyLine | None:
    """The key and inline values of one front-matter line (a metadata evidence row's text), read by the same
    rules as :func:`parse_front_matter`; None for an item line, a header line or a value YAML would not read
    on one line. For readers that hold only the line, not the document."""
    m = _KEY_LINE.match(line)
    if m is None:
        return None
    tokens = _inline_values(line, m.end())
    if tokens is None:
        return None
    values = (t[3] if isinstance(t[3], str) else t[0] for t in tokens)
    return KeyLine(_key_text(m.group("key")), tuple(v for v in values if v.strip()))
