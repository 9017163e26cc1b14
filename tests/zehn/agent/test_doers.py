"""Who did an act whose doer is the act's own subject: a person named before the verb, or "I" in a transcript line
whose speaker is named at its start. Documents are our own."""

from __future__ import annotations

from spacy.language import Language
from spacy.tokens import Doc

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.doers import bind_doer
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.similarity import Similarity

TITLE = "Queue migration sync - 2026-06-02"
DOC = """# Queue migration sync - 2026-06-02

Attendees: Runa Solberg, Bram Oduya

Runa Solberg: The cut-over window looks fine. I'll rehearse the broker failover on Thursday.
Bram Oduya: Should someone also rotate the relay credentials?

Agreed:
- Bram Oduya drafts the consumer backfill plan by 2026-06-05.
"""


def _doers(nlp: Language, question: str) -> list[tuple[str, str, str]]:
    view = markdown_view(DOC, TITLE)
    bound = bind_doer(analyse(question, nlp), lambda: (view,), Similarity(None), Parses(ParseCache(nlp)))
    if bound is None:
        return []
    return [(p.entity_name, p.hops[0].grade, p.hops[0].reasons[0]) for p in bound.paths]


def test_a_person_who_is_the_subject_of_the_act_did_it(nlp: Language) -> None:
    assert _doers(nlp, "Who will draft the consumer backfill plan?") == [
        ("Bram Oduya", "source_backed", "active_subject")]


def test_i_in_a_transcript_line_is_its_speaker_and_is_inferred(nlp: Language) -> None:
    assert _doers(nlp, "Who will rehearse the broker failover?") == [
        ("Runa Solberg", "inferred", "speaker_first_person")]


def test_an_act_only_asked_about_has_no_doer(nlp: Language) -> None:
    assert _doers(nlp, "Who rotated the relay credentials?") == []


def test_what_a_person_did_is_declined_when_no_sentence_naming_them_holds_the_act(nlp: Language) -> None:
    from zehn.agent.doers import unstated_act
    notes = "# Sync notes\n\nApologies: Ines Blom\n\n- Karl Weiss agreed to freeze the deploys.\n"
    view = markdown_view(notes, "Sync notes")
    declined = unstated_act(analyse("What did Ines Blom agree to?", nlp), lambda: (view,), Similarity(None), nlp)
    assert declined is not None and not declined.paths and "Ines Blom" in declined.reason
    assert unstated_act(analyse("What did Karl Weiss agree to?", nlp), lambda: (view,), Similarity(None), nlp) is None
    assert unstated_act(analyse("What did the team agree to?", nlp), lambda: (view,), Similarity(None), nlp) is None


def test_owning_an_act_makes_a_task_question_but_owning_an_area_does_not(nlp: Language) -> None:
    from zehn.agent.action_items import task_question
    assert task_question(analyse("Who owns adding a canary stage to the deploys?", nlp))
    assert task_question(analyse("Who is responsible for updating the runbook?", nlp))
    assert not task_question(analyse("Who owns pricing?", nlp))


def test_a_question_naming_a_change_number_reads_only_documents_that_name_it(nlp: Language) -> None:
    text = DOC.replace("Agreed:", "Agreed for change #812:")
    view = markdown_view(text, TITLE)

    def doers(question: str) -> list[str]:
        bound = bind_doer(analyse(question, nlp), lambda: (view,), Similarity(None), Parses(ParseCache(nlp)))
        return [] if bound is None else [p.entity_name for p in bound.paths]
    assert doers("Who drafts the consumer backfill plan for change #812?") == ["Bram Oduya"]
    assert doers("Who drafts the consumer backfill plan for change #813?") == []


def test_capitalised_words_naming_a_team_or_a_system_are_no_person(nlp: Language) -> None:
    from zehn.agent.doers import person_act
    assert person_act("What did Runa Solberg agree to?", nlp) == ("Runa Solberg", "agree")
    assert person_act("What did Billing Service call?", nlp) is None
    assert person_act("What did Release Engineering Team approve?", nlp) is None


def test_a_question_not_opening_with_what_is_not_parsed_for_a_person_act(nlp: Language) -> None:
    from zehn.agent.doers import person_act
    parsed: list[str] = []

    def counting(text: str) -> Doc:
        parsed.append(text)
        return nlp(text)
    assert person_act("Who did Runa Solberg call?", counting) is None
    assert person_act("Did Runa Solberg agree to it?", counting) is None
    assert parsed == []
    assert person_act("what did Runa Solberg agree to?", counting) == ("Runa Solberg", "agree")
    assert parsed == ["what did Runa Solberg agree to?"]


def test_an_identifier_the_title_names_sets_the_scene_for_the_act(nlp: Language) -> None:
    text = "# RACI: media-vault rollout\n\n## Sign-off\n\nMara Quist approved the rollout plan on 12 May.\n"
    view = markdown_view(text, "RACI: media-vault rollout")
    bound = bind_doer(analyse("Who approved the media-vault rollout plan?", nlp), lambda: (view,), Similarity(None),
                      Parses(ParseCache(nlp)))
    assert bound is not None and [p.entity_name for p in bound.paths] == ["Mara Quist"]



def test_a_labelled_line_of_the_relation_is_seen_so_it_is_left_to_the_line_readers() -> None:
    from zehn.agent.doers import _labels
    text = "# RFC-9: export batching\n\n| | |\n|---|---|\n| Reviewed by | Omar Haddad |\n"
    assert _labels(markdown_view(text, "RFC-9"), "REVIEWED")
    assert not _labels(markdown_view(text.replace("Reviewed by", "Status"), "RFC-9"), "REVIEWED")
