"""The extent of an answer: the bound sentence's own block (paragraph, list, speaker turn) first, other blocks only
when they are about the ask; a question the document asks is answered by the reply below it (in its own block when
it goes on there: an FAQ, a five-whys chain)."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from zehn.agent.analyse import analyse
from zehn.agent.extent import (
    SECTION_LINES,
    asks_back,
    asks_whether,
    asks_why,
    block_of,
    denies,
    extent,
    handed_over,
    reply_to,
    section_line,
)
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.similarity import Similarity


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)

HEADING = "Storage sync: quota alerts"
BODY = (
    "**Rosa Imbert:** The quota alert paged twice last night. Kofi, what happened?\n"
    "\n"
    "**Kofi Larbi:** The compaction job skipped two volumes. Their usage crossed 90% before the job ran again. "
    "I moved the job to run every hour.\n"
    "\n"
    "**Rosa Imbert:** Is hourly enough for the busiest volume?\n"
    "\n"
    "**Kofi Larbi:** Not yet. The busiest volume needs a run every fifteen minutes.\n"
    "\n"
    "**Rosa Imbert:** Next item is the cafeteria survey.")
OFFSET = 200


def _passage() -> DocPassage:
    return DocPassage("p1", "doc", HEADING, "section", OFFSET, OFFSET + len(BODY), f"{HEADING}\n{BODY}", (0.2,))


def _sentences() -> list[Sentence]:
    """Each sentence of BODY (split after '. ' / '? ' and at line ends), with document offsets."""
    out: list[Sentence] = []
    start = 0
    text = BODY
    for n, piece in enumerate(text.replace("? ", "?|").replace(". ", ".|").replace("\n", "|").split("|")):
        piece_at = text.index(piece, start) if piece.strip() else start
        if piece.strip():
            out.append(Sentence(f"s{n}", piece.strip(), "doc", OFFSET + piece_at, OFFSET + piece_at + len(piece),
                                "sentence"))
            start = piece_at + len(piece)
    return out


def _by(part: str) -> Sentence:
    return next(s for s in _sentences() if part in s.text)


def test_blocks_are_separated_by_blank_lines() -> None:
    passages = (_passage(),)
    assert block_of(passages, _by("compaction job skipped")) == block_of(passages, _by("every hour"))
    assert block_of(passages, _by("compaction job skipped")) != block_of(passages, _by("paged twice"))


def test_a_first_sentence_stored_with_its_heading_line_opens_the_first_block() -> None:
    # "## Cause\nThe sync lost ..." has no blank line after the heading: the sentence starts at the heading line,
    # before the passage's body, and is still the opening of that body's first paragraph.
    body = "The sync lost its lease. It retried with no backoff.\n\nA later run cleared it."
    heading = "Sync > Cause"
    passage = DocPassage("p", "doc", heading, "section", 100, 100 + len(body), f"{heading}\n{body}", (0.2,))
    first = Sentence("s0", "## Cause\nThe sync lost its lease.", "doc", 91, 124, "sentence")
    rest = [Sentence("s1", "It retried with no backoff.", "doc", 125, 152, "sentence"),
            Sentence("s2", "A later run cleared it.", "doc", 154, 177, "sentence")]
    assert block_of((passage,), first) == block_of((passage,), rest[0]) != block_of((passage,), rest[1])
    chosen = extent(first, [first, *rest], 250, None, (passage,), lambda s: False)
    assert [s.id for s in chosen] == ["s0", "s1"]


def test_the_answer_takes_its_own_turn_before_and_after_the_bound_sentence_but_not_the_turns_that_follow() -> None:
    pool = _sentences()
    chosen = extent(_by("crossed 90%"), pool, 250, None, (_passage(),), lambda s: False)
    assert [s.text for s in chosen] == ["**Kofi Larbi:** The compaction job skipped two volumes.",
                                        "Their usage crossed 90% before the job ran again.",
                                        "I moved the job to run every hour."]


def test_a_neighbouring_turn_about_the_ask_is_still_cited_when_words_are_left() -> None:
    pool = _sentences()
    chosen = extent(_by("crossed 90%"), pool, 250, None, (_passage(),), lambda s: "fifteen" in s.text)
    assert "The busiest volume needs a run every fifteen minutes." in [s.text for s in chosen]
    assert not any("cafeteria" in s.text for s in chosen)


def test_without_passages_the_pool_is_one_block_as_before() -> None:
    pool = _sentences()
    chosen = extent(_by("crossed 90%"), pool, 250)
    assert any("cafeteria" in s.text for s in chosen)


def test_a_question_the_document_asks_states_nothing() -> None:
    assert asks_back(_by("Is hourly enough"))
    assert asks_back(_by("what happened"))
    assert not asks_back(_by("every hour"))


def test_a_question_in_a_transcript_is_answered_by_the_first_statement_of_the_next_turn() -> None:
    reply = reply_to(_by("Is hourly enough"), _sentences(), (_passage(),))
    assert reply is not None and reply.text == "**Kofi Larbi:** Not yet."
    reply = reply_to(_by("what happened"), _sentences(), (_passage(),))
    assert reply is not None and "compaction job skipped" in reply.text


def test_a_question_with_nothing_after_it_has_no_reply() -> None:
    last = Sentence("q", "Any other business?", "doc", OFFSET + len(BODY) + 10, OFFSET + len(BODY) + 29, "sentence")
    assert reply_to(last, [*_sentences(), last], (_passage(),)) is None


def test_a_statement_whose_turn_closes_by_asking_is_taken_up_by_the_reply() -> None:
    reply = handed_over(_by("paged twice"), _sentences(), (_passage(),))
    assert reply is not None and "compaction job skipped" in reply.text
    assert handed_over(_by("crossed 90%"), _sentences(), (_passage(),)) is None  # its turn asks nothing


def test_a_block_ending_in_a_colon_takes_the_list_it_announces() -> None:
    body = "Exports are keyed by:\n\n- region\n- tenant\n\nThe cafeteria opens at nine."
    passage = DocPassage("p9", "doc", "Keys", "section", 0, len(body), f"Keys\n{body}", (0.1,))
    lines = [Sentence(f"k{n}", t, "doc", body.index(t), body.index(t) + len(t), "sentence")
             for n, t in enumerate(["Exports are keyed by:", "- region", "- tenant", "The cafeteria opens at nine."])]
    chosen = extent(lines[0], lines, 250, None, (passage,), lambda s: False)
    assert [s.text for s in chosen] == ["Exports are keyed by:", "- region", "- tenant"]


FAQ_HEADING = "Signing review > FAQ"
FAQ = ("**Q: Why not use client certificates instead?**\n"
       "A: Most receivers run on shared hosting. Signatures need a few lines of code.\n"
       "\n"
       "**Q: Can a receiver see its secret again?**\n"
       "A: No. The secret is shown once.")


def _faq() -> tuple[DocPassage, list[Sentence]]:
    passage = DocPassage("p2", "doc", FAQ_HEADING, "section", 0, len(FAQ), f"{FAQ_HEADING}\n{FAQ}", (0.2,))
    cuts = [p for p in FAQ.replace("?**\n", "?**|").replace(". ", ".|").replace("\n", "|").split("|") if p.strip()]
    out, at = [], 0
    for n, piece in enumerate(cuts):
        at = FAQ.index(piece, at)
        out.append(Sentence(f"f{n}", piece, "doc", at, at + len(piece), "sentence"))
        at += len(piece)
    return passage, out


def test_a_question_answered_in_its_own_block_is_answered_by_the_next_line() -> None:
    passage, sentences = _faq()
    reply = reply_to(sentences[0], sentences, (passage,))
    assert reply is not None and reply.text == "A: Most receivers run on shared hosting."
    reply = reply_to(sentences[3], sentences, (passage,))
    assert reply is not None and reply.text == "A: No."


def test_the_document_asking_the_asked_why_is_found_by_its_terms(nlp: Language, similarity: Similarity) -> None:
    _, sentences = _faq()
    ask = analyse("Why not use client certificates for the webhooks?", nlp).asks[0]
    assert asks_why(ask, sentences[0], similarity)
    assert not asks_why(ask, sentences[3], similarity)  # another question
    assert not asks_why(ask, sentences[1], similarity)  # a statement


def test_a_why_not_ask_is_asked_back_as_whether_the_thing_holds(nlp: Language, similarity: Similarity) -> None:
    asked = _by("Is hourly enough")
    ask = analyse("Why isn't an hourly run enough for the busiest volume?", nlp).asks[0]
    assert asks_whether(ask, asked, similarity)
    plain = analyse("Why is an hourly run enough for the busiest volume?", nlp).asks[0]
    assert not asks_whether(plain, asked, similarity)  # no "not" in the ask: no denial to explain
    assert not asks_whether(ask, _by("what happened"), similarity)  # a wh-question, not a yes/no one
    other = analyse("Why isn't the cafeteria survey on the agenda?", nlp).asks[0]
    assert not asks_whether(other, asked, similarity)  # the question is about another thing


def test_a_reply_denies_when_it_opens_with_a_no_after_its_speaker() -> None:
    assert denies(_by("Not yet"))
    assert not denies(_by("compaction job skipped"))
    assert not denies(Sentence("x", "[10:02] Ana: Notably, the runner was fine.", "doc", 0, 40, "sentence"))


def test_a_section_of_questions_is_bound_by_the_question_about_the_ask(nlp: Language, similarity: Similarity) -> None:
    _, sentences = _faq()
    ask = analyse("Can a receiver see its signing secret again?", nlp).asks[0]
    assert section_line(ask, sentences, FAQ_HEADING, similarity) == [sentences[3]]
    plain = [s for s in sentences if not asks_back(s)]
    assert section_line(ask, plain, FAQ_HEADING, similarity) == plain[:SECTION_LINES]  # then the next lines, in order


def _block(body: str, cuts: list[str]) -> tuple[tuple[DocPassage, ...], list[Sentence]]:
    passage = DocPassage("p3", "doc", "Notes", "section", 0, len(body), f"Notes\n{body}", (0.1,))
    return (passage,), [Sentence(f"b{n}", t, "doc", body.index(t), body.index(t) + len(t), "sentence")
                        for n, t in enumerate(cuts)]


def test_the_asker_going_on_in_the_same_turn_is_no_reply() -> None:
    passages, lines = _block("Ana: Why did the deploy stall? I want a root cause by Friday.\n\n"
                             "Ben: The runner lost its lock.",
                             ["Ana: Why did the deploy stall?", "I want a root cause by Friday.",
                              "Ben: The runner lost its lock."])
    reply = reply_to(lines[0], lines, passages)
    assert reply is not None and reply.text == "Ben: The runner lost its lock."


def test_a_why_chain_line_is_answered_where_it_stands() -> None:
    passages, lines = _block("2. Why was it not caught? The check ran only on main.",
                             ["2. Why was it not caught?", "The check ran only on main."])
    reply = reply_to(lines[0], lines, passages)
    assert reply is not None and reply.text == "The check ran only on main."


def test_a_reply_that_has_no_answer_is_none() -> None:
    passages, lines = _block("Ana: Why did the deploy stall?\n\nBen: No idea, let's check the logs.",
                             ["Ana: Why did the deploy stall?", "Ben: No idea, let's check the logs."])
    assert reply_to(lines[0], lines, passages) is None
    passages, lines = _block("Q: Why did it stall?\nA: Not sure yet.", ["Q: Why did it stall?", "A: Not sure yet."])
    assert reply_to(lines[0], lines, passages) is None


def test_a_block_line_that_carries_more_of_the_question_comes_before_a_nearer_one() -> None:
    best, near, far = _by("I moved the job"), _by("crossed 90%"), _by("compaction job")
    budget = len(best.text.split()) + max(len(near.text.split()), len(far.text.split()))
    plain = extent(best, _sentences(), budget, passages=(_passage(),), about=lambda s: False)
    carried = extent(best, _sentences(), budget, passages=(_passage(),), about=lambda s: False,
                     carries=lambda s: len({"compaction", "volumes."} & set(s.text.casefold().split())))
    assert near in plain and far not in plain
    assert far in carried and near not in carried


def test_a_line_stored_whole_and_as_its_sentences_is_cited_once() -> None:
    text = "The relay dropped the session. The gateway replayed it."
    whole = Sentence("w", text, "doc", 0, len(text), "sentence")
    first = Sentence("a", text[:30], "doc", 0, 30, "sentence")
    second = Sentence("b", text[31:], "doc", 31, len(text), "sentence")
    chosen = extent(first, [whole, first, second], 100)
    assert [s.id for s in chosen] == ["a", "b"]


_LOG = ("Ana: Sent the client a backoff snippet for the retry loop: max retries=2, base delay=500ms. "
        "Also asked them to drop the quota header.\n"
        "Ben: The cafeteria closes early on Friday.\n"
        "Ana: The export runs nightly. Rows are written as newline-delimited JSON.\n")
_LOG_CUTS = ["Ana: Sent the client a backoff snippet for the retry loop: max retries=2, base delay=500ms.",
             "Also asked them to drop the quota header.", "Ben: The cafeteria closes early on Friday.",
             "Ana: The export runs nightly.", "Rows are written as newline-delimited JSON."]


def test_the_rest_of_the_bound_line_comes_before_other_lines() -> None:
    passages, lines = _block(_LOG, _LOG_CUTS)
    budget = len(lines[1].text.split()) + len(lines[0].text.split())
    chosen = extent(lines[1], lines, budget, None, passages, lambda s: False, carries=lambda s: int("Ben" in s.text))
    assert [s.id for s in chosen] == ["b0", "b1"]


def test_a_neighbour_line_is_cited_with_its_other_sentences() -> None:
    passages, lines = _block(_LOG, _LOG_CUTS)
    chosen = extent(lines[1], lines, 250, None, passages, lambda s: False,
                    carries=lambda s: int("export" in s.text))
    texts = [s.text for s in chosen]
    assert "Rows are written as newline-delimited JSON." in texts  # the export line's second sentence
    assert texts.index("Ana: The export runs nightly.") < texts.index("Rows are written as newline-delimited JSON.")


def test_a_line_mate_too_long_for_the_budget_is_skipped_not_the_end() -> None:
    passages, lines = _block(_LOG, _LOG_CUTS)
    budget = len(lines[1].text.split()) + len(lines[3].text.split()) + len(lines[4].text.split())
    chosen = extent(lines[1], lines, budget, None, passages, lambda s: False,
                    carries=lambda s: int("export" in s.text or "JSON" in s.text))
    assert {s.id for s in chosen} == {"b1", "b3", "b4"}  # the bound line's first sentence (15 words) does not fit
