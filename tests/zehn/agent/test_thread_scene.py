"""A conversation's opening message sets the scene for its later turns: its words count toward a later passage's
coverage, never toward its rank; a ticket whose description precedes its comments has no such scene (chat and mail
text written for these tests)."""

from __future__ import annotations

from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.passage_scores import score_passages
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence
from zehn.agent.sentence_binding import PASSAGE_COVERAGE
from zehn.agent.similarity import Similarity
from zehn.agent.thread_scene import NO_SCENE, scene

CHAT = [
    "pager-bot: ALERT: error budget burn on the invoice export API (5xx > 2% for 15m).",
    "nadia (oncall): ack, looking now.",
    "olek (platform): connection pool on the export workers is saturated, 40/40 in use.",
    "nadia (oncall): executing plan: raise the export worker pool from 40 to 80 and pause the nightly backfill.",
    "olek (platform): pool raised, 5xx back under 0.5% within four minutes.",
    "olek (platform): rolled back the invoice export API config; the error budget burn has stopped.",
]
CHAT_META = 'participants: ["pager-bot", "nadia (oncall)", "olek (platform)"]'

MAIL = [
    "From: Halvard Moen <halvard@example.com>",
    "Subject: checkout latency regression after the cache upgrade",
    "From: Tomas Berg <tomas@example.com>",
    "We rolled the cache client back to the previous minor version on all web nodes.",
]
MAIL_META = 'participants: ["Halvard Moen", "Tomas Berg"]'


def _view(lines: list[str], metadata: str, heading: str = "thread") -> DocView:
    """One passage per line (as the packer cuts a long thread), one sentence per line, the metadata line first."""
    text = metadata + "\n" + "\n".join(lines)
    sentences = [Sentence("ev_meta", metadata, "d", 0, len(metadata), "metadata")]
    passages = [DocPassage("d#meta", "d", "", "metadata", 0, len(metadata), f"\n{metadata}", (0.5, 0.5))]
    at = len(metadata) + 1
    for n, line in enumerate(lines):
        sentences.append(Sentence(f"ev_{n:04d}", line, "d", at, at + len(line), "sentence"))
        passages.append(DocPassage(f"d#p{n}", "d", heading, "section", at, at + len(line), f"{heading}\n{line}",
                                   (0.5, 0.5)))
        at += len(line) + 1
    assert len(text) == at - 1
    return DocView(DocumentInfo("d", "1767225600", "slack", None, None), tuple(passages), 1.0, False,
                   lambda: sentences)


def test_a_chat_threads_opening_message_is_the_scene_of_its_later_turns() -> None:
    view = _view(CHAT, CHAT_META)
    found = scene(view)
    assert {"invoice", "export", "budget"} <= set(found.words)
    assert found.of(view.passages[1]) == ()  # the opening message's own passage holds its words itself
    assert found.of(view.passages[0]) == ()  # so does no front matter
    assert found.of(view.passages[4]) == found.words


def test_an_email_chains_first_message_is_the_scene_of_the_replies() -> None:
    view = _view(MAIL, MAIL_META)
    found = scene(view)
    assert "checkout" in found.words and "rolled" not in found.words
    assert found.of(view.passages[-1]) == found.words


def test_a_ticket_whose_description_precedes_its_comments_has_no_opening_scene() -> None:
    lines = ["The invoice export API returns 5xx under load since the pool change.", *CHAT[1:]]
    assert scene(_view(lines, CHAT_META)) == NO_SCENE


def test_one_message_alone_is_no_conversation() -> None:
    assert scene(_view(CHAT[:1], CHAT_META)) == NO_SCENE


def test_a_later_turn_reaches_coverage_through_the_scene_but_ranks_by_its_own_words(
        nlp: Language, embedder: LocalEmbedder) -> None:
    view = _view(CHAT, CHAT_META)
    ask = analyse("Which steps were executed for the invoice export API error budget burn?", nlp).asks[0]
    scored = {s.passage.id: s for s in score_passages(view, ask, 1, Similarity(embedder), ())}
    plan, result = scored["d#p3"], scored["d#p4"]
    assert plan.coverage >= PASSAGE_COVERAGE and result.coverage >= PASSAGE_COVERAGE
    # Both turns share the scene; only the plan's own words ("export") lift its rank.
    assert plan.score > result.score
    lone = _view(CHAT[3:4], CHAT_META)  # the same turn with no opening before it: nothing lifts its coverage
    alone = next(s for s in score_passages(lone, ask, 1, Similarity(embedder), ()) if s.passage.kind == "section")
    assert alone.coverage < plan.coverage
    assert abs(alone.score - plan.score) < 1e-6  # the scene's words never change a passage's rank


def test_the_turn_that_does_the_asked_act_answers_over_a_status_update_that_repeats_the_scene(nlp: Language,
                                                                        embedder: LocalEmbedder) -> None:
    from zehn.agent.find_passage import find
    from zehn.agent.parses import ParseCache, Parses
    view = _view(CHAT, CHAT_META)
    ask = analyse("Which mitigations were executed for the invoice export API error budget burn?", nlp).asks[0]
    found = find(ask, 1, view, Parses(ParseCache(nlp)), Similarity(embedder), 250, set())
    assert found is not None and found.bound.text.startswith("nadia (oncall): executing plan:")


def test_a_kept_documents_scene_is_worked_out_once_and_each_turn_still_reads_its_sentences() -> None:
    first = _view(CHAT, CHAT_META)
    loads: list[int] = []

    def load() -> list[Sentence]:
        loads.append(1)
        return list(first.sentences)

    again = DocView(first.info, first.passages, 1.0, False, load, memo=first.memo)  # the next turn's view of it
    found = scene(first)
    assert scene(again) is found
    assert loads == [1]  # read as working the scene out reads them: the turn's evidence holds them either way
