""""Who should I ask about X": people behind the evidence, ranked by what they wrote, drafts quoting verbatim."""

from __future__ import annotations

from traversal_policy import TraversalExecutor
from zehn.people.experts import experts


def test_the_people_who_wrote_about_it_come_first_with_a_cited_draft(people_executor: TraversalExecutor) -> None:
    out = experts(people_executor, "VAT rounding on credit notes")
    assert out.outcome == "found"
    names = [e.name for e in out.experts]
    assert {"Odile Brandt", "Ines Moretti"} <= set(names[:3])
    wrote = [e.wrote for e in out.experts]
    assert wrote == sorted(wrote, reverse=True)
    top = out.experts[0]
    assert top.draft.sent is False and top.draft.cites
    shown = {e.id: e for e in top.evidence}
    for ev_id in top.draft.cites:
        assert ev_id in top.draft.text and ev_id in shown
        ev = shown[ev_id]
        text = people_executor.graph.ro_query("MATCH (d:Document {id: $id}) RETURN d.text",
                                              {"id": ev.document.id}).result_set[0][0]
        assert text[ev.start:ev.end] == ev.text and ev.text.strip() in top.draft.text
    assert not any(e.text.lstrip().startswith("#") for x in out.experts for e in x.evidence)


def test_a_speaker_is_credited_with_their_own_line(people_executor: TraversalExecutor) -> None:
    out = experts(people_executor, "migration notes for the renderer change")
    odile = next(e for e in out.experts if e.name == "Odile Brandt")
    assert any(e.credit == "wrote" and "migration notes" in e.text for e in odile.evidence)
    tomasz = next((e for e in out.experts if e.name == "Tomasz Wierzbicki"), None)
    assert tomasz is None or all("migration notes" not in e.text for e in tomasz.evidence if e.credit == "wrote")


def test_nothing_found_is_no_evidence_not_an_empty_list(people_executor: TraversalExecutor) -> None:
    out = experts(people_executor, "zeppelin hangar permits")
    assert out.outcome == "no_evidence" and out.message and out.experts == []
