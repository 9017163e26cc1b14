"""Front matter: YAML values plus exact offsets for every citable metadata line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extraction.documents import MetadataLine
from extraction.errors import DocumentRejected
from extraction.frontmatter import FrontMatter, parse_front_matter

FIXTURES = Path(__file__).parent / "fixtures"


def _parse(text: str) -> FrontMatter:
    front = parse_front_matter(text, "t.md")
    assert front is not None
    return front


def _by_key(front: FrontMatter) -> dict[str, MetadataLine]:
    return {line.key: line for line in front.lines}


def _assert_exact(text: str, line: MetadataLine) -> None:
    raw = text[line.start : line.end]
    assert "\n" not in raw and "\r" not in raw
    assert line.start == 0 or text[line.start - 1] == "\n"
    assert line.end == len(text) or text[line.end] in "\r\n"
    for value, (s, e) in zip(line.values, line.value_spans, strict=True):
        assert line.start <= s <= e <= line.end
        if "\\" not in text[s:e]:
            assert text[s:e] == value


def test_ticket_fixture_values_and_spans() -> None:
    text = (FIXTURES / "ticket.md").read_text(encoding="utf-8")
    front = _parse(text)
    assert front.start == 0
    assert text[front.body_start :].startswith("\n# Checkout")
    assert front.data["source_metadata"]["assignee"] == "Tomas Reyes"
    assert front.data["created"] == "2025-11-03"  # dates stay strings
    for line in front.lines:
        _assert_exact(text, line)
    lines = _by_key(front)
    assignee = lines["assignee"]
    assert text[assignee.start : assignee.end] == '  "assignee": "Tomas Reyes"'
    assert assignee.values == ("Tomas Reyes",)
    components = lines["components"]
    assert components.values == ("checkout-api", "session-cache")
    assert [text[s:e] for s, e in components.value_spans] == ["checkout-api", "session-cache"]
    assert lines["linked_issues"].values == () and lines["linked_issues"].value_spans == ()
    assert lines["title_field"].values == ("summary",)  # trailing comment ignored
    assert lines["noise_copy"].values == ("true",)  # plain scalars: as written
    assert lines[""].values == ()  # null: no value, the line is still citable


def test_every_written_key_line_gets_exactly_one_metadata_line() -> None:
    text = (FIXTURES / "ticket.md").read_text(encoding="utf-8")
    front = _parse(text)
    written = [ln for ln in text[: front.body_start].splitlines()[1:-1] if ln.rstrip() != "source_metadata:"]
    assert [text[m.start : m.end] for m in front.lines] == written
    assert "source_metadata" not in _by_key(front)


def test_escaped_values_are_decoded_but_spans_cover_the_raw_text() -> None:
    text = (FIXTURES / "ticket.md").read_text(encoding="utf-8")
    lines = _by_key(_parse(text))
    title = lines["title"]
    assert title.values == ('Checkout "retry" storm after cache failover',)
    (s, e), = title.value_spans
    assert text[s:e] == 'Checkout \\"retry\\" storm after cache failover'
    notes = lines["notes"]
    assert notes.values == ("Line one.\nLine two.",)
    assert text[notes.value_spans[0][0] : notes.value_spans[0][1]] == "Line one.\\nLine two."


def test_crlf_and_bom() -> None:
    lf = (FIXTURES / "ticket.md").read_text(encoding="utf-8")
    text = "\ufeff" + lf.replace("\n", "\r\n")
    front = _parse(text)
    assert front.start == 1
    assert text[front.body_start :].startswith("\r\n# Checkout")
    for line in front.lines:
        _assert_exact(text, line)
    lf_lines = _parse(lf).lines
    assert [m.values for m in front.lines] == [m.values for m in lf_lines]
    assert len(front.lines) == len(lf_lines)


def test_block_lists_and_plain_scalars() -> None:
    text = "---\ntitle: Plain title  # note\nauthors:\n  - Ana Ruiz\n  - 'Bo O''Neil'\ntags: [a, b]\n---\nbody"
    front = _parse(text)
    assert front.data["authors"] == ["Ana Ruiz", "Bo O'Neil"]
    got = [(m.key, m.values, [text[s:e] for s, e in m.value_spans]) for m in front.lines]
    assert got == [
        ("title", ("Plain title",), ["Plain title"]),
        ("authors", ("Ana Ruiz",), ["Ana Ruiz"]),
        ("authors", ("Bo O'Neil",), ["Bo O''Neil"]),
        ("tags", ("a", "b"), ["a", "b"]),
    ]


def test_lines_yaml_reads_differently_get_no_metadata_line() -> None:
    text = "---\ntitle: first part\n  continued here\nsummary: |\n  block text\nmeta: {a: 1}\n---\n"
    front = _parse(text)
    assert front.data["title"] == "first part continued here"
    assert front.lines == ()


def test_no_front_matter_returns_none() -> None:
    assert parse_front_matter("# Title\n\ntext", "t.md") is None
    assert parse_front_matter("", "t.md") is None
    assert parse_front_matter("text\n---\nmore", "t.md") is None


def test_empty_front_matter_is_an_empty_mapping() -> None:
    front = _parse("---\n---\nbody")
    assert front.data == {} and front.lines == () and front.body_start == 8


def test_closing_line_at_end_of_file() -> None:
    text = "---\nid: \"x\"\n---"
    assert _parse(text).body_start == len(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("---\nid: \"x\"\nno closing line\n", "no closing '---'"),
        ("---\nid: [unclosed\n---\n", "invalid YAML"),
        ("---\n: : :\n  - x\n---\n", "invalid YAML"),
        ("---\n- a\n- b\n---\n", "expected a mapping, got list"),
        ("---\njust a string\n---\n", "expected a mapping, got str"),
    ],
)
def test_malformed_front_matter_is_rejected(text: str, reason: str) -> None:
    with pytest.raises(DocumentRejected) as info:
        parse_front_matter(text, "bad.md")
    assert reason in info.value.reason
    assert info.value.path == "bad.md"


_KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,12}", fullmatch=True)
_VALUES = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\ufeff\x85"), max_size=30
)


@settings(max_examples=200, deadline=None)
@given(
    meta=st.dictionaries(_KEYS, st.one_of(_VALUES, st.lists(_VALUES, max_size=4)), max_size=8),
    crlf=st.booleans(),
)
def test_redwood_shaped_front_matter_spans_are_exact(meta: dict[str, str | list[str]], crlf: bool) -> None:
    lines = ["---", 'id: "gen_1"', f"title: {json.dumps('A title', ensure_ascii=False)}", "source_metadata:"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in meta.items()]
    lines += ["---", "", "Body."]
    text = ("\r\n" if crlf else "\n").join(lines)
    front = _parse(text)
    assert front.data["source_metadata"] == (meta or None)
    nested = {m.key: m for m in front.lines[2:]}
    assert set(nested) == set(meta)
    for key, value in meta.items():
        line = nested[key]
        _assert_exact(text, line)
        expected = tuple(value) if isinstance(value, list) else (value,)
        assert line.values == expected
        for v, (s, e) in zip(expected, line.value_spans, strict=True):
            assert text[s:e] == json.dumps(v, ensure_ascii=False)[1:-1]


def test_one_key_line_is_read_alone_by_the_front_matter_rules() -> None:
    from extraction.frontmatter import KeyLine, read_key_line

    assert read_key_line('  "owner_team": "Payments"') == KeyLine("owner_team", ("Payments",))
    assert read_key_line('components: ["ledger-sync", "billing-export"]') == KeyLine(
        "components", ("ledger-sync", "billing-export"))
    assert read_key_line("linked_issues: []") == KeyLine("linked_issues", ())
    assert read_key_line('assignee: ""') == KeyLine("assignee", ())
    assert read_key_line("source_metadata:") is None  # a header: its values are the block below
    assert read_key_line("  - ledger-sync") is None  # an item line names no key
