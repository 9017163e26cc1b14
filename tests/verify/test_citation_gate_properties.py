"""Properties of the gate over random drafts and id sets."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from verify.citation_gate import check_draft
from verify.verdicts import Answered, Refused

hex_ids = st.text(alphabet="0123456789abcdef", min_size=16, max_size=16).map(lambda h: f"ev_{h}")
words = st.sampled_from(["checkout-api", "depends", "on", "rate-engine", "the", "Payments", "team", "owns",
                         "ledger-sync", "pages", "Priya", "nightly", "job", "fails", "maybe", "\"owns\""])
claims = st.lists(words, min_size=1, max_size=8).map(lambda ws: " ".join(ws))


@st.composite
def evidence_and_draft(draw: st.DrawFn) -> tuple[dict[str, str], list[tuple[str, list[str]]]]:
    ids = draw(st.lists(hex_ids, min_size=1, max_size=5, unique=True))
    evidence = {i: draw(claims) + "." for i in ids}
    parts = draw(st.lists(st.tuples(claims, st.lists(st.sampled_from(ids), max_size=2)), min_size=1,
                          max_size=4))
    return evidence, parts


def render(parts: list[tuple[str, list[str]]]) -> str:
    return " ".join(f"{claim} {' '.join(f'[{i}]' for i in ids)}." for claim, ids in parts)


@settings(max_examples=150, deadline=None)
@given(evidence_and_draft(), hex_ids, st.integers(min_value=0, max_value=3))
def test_any_cited_id_outside_the_returned_set_refuses(
    case: tuple[dict[str, str], list[tuple[str, list[str]]]], stranger: str, where: int
) -> None:
    evidence, parts = case
    assume(stranger not in evidence)
    index = where % len(parts)
    claim, ids = parts[index]
    parts[index] = (claim, [*ids, stranger])
    verdict = check_draft(render(parts), evidence)
    assert isinstance(verdict, Refused)
    assert stranger in verdict.offending


@settings(max_examples=150, deadline=None)
@given(evidence_and_draft(), hex_ids)
def test_adding_a_valid_citation_never_launders_a_fabricated_one(
    case: tuple[dict[str, str], list[tuple[str, list[str]]]], stranger: str
) -> None:
    evidence, parts = case
    assume(stranger not in evidence)
    claim, ids = parts[0]
    parts[0] = (claim, [*ids, stranger])
    before = check_draft(render(parts), evidence)
    parts[0] = (claim, [*parts[0][1], next(iter(evidence))])
    after = check_draft(render(parts), evidence)
    assert isinstance(before, Refused)
    assert not isinstance(after, Answered)


@settings(max_examples=100, deadline=None)
@given(evidence_and_draft())
def test_verdicts_are_deterministic(case: tuple[dict[str, str], list[tuple[str, list[str]]]]) -> None:
    evidence, parts = case
    draft = render(parts)
    assert check_draft(draft, evidence) == check_draft(draft, dict(reversed(list(evidence.items()))))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200), st.dictionaries(hex_ids, st.text(max_size=50), max_size=3))
def test_gate_never_raises_and_answered_cites_only_returned_ids(draft: str, evidence: dict[str, str]) -> None:
    verdict = check_draft(draft, evidence)
    if isinstance(verdict, Answered):
        assert verdict.citations
        assert set(verdict.citations) <= set(evidence)
