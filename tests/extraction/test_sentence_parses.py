"""One parse per sentence: a chunk is cut into sentences cheaply, each sentence parsed alone, and the chunk rebuilt
from those parses with its text, offsets and sentences, so the rules read it as they read a chunk parse."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.errors import ZehnError
from extraction.parse_store import ParseCache
from extraction.sentence_parses import chunk_parses, segment

CHUNK = ("The export job calls the ledger-api nightly. It is owned by the Payments team.\n\n"
         "- Owner: Mara Olsen (payments)\n- Runbook: see the wiki\n"
         "4. **Rotate the keys** before the audit.\n"
         "[09:30] Sam Lee: we paused the rollout. Then we rolled it back.\n"
         "TASK-7: add an alert for the queue depth (owner: SRE)")


def sentences(nlp: Language, text: str) -> list[str]:
    return [text[start:end] for start, end in segment(nlp, [text])[0]]


def test_a_chunk_is_cut_at_sentence_ends_and_line_starts(nlp: Language) -> None:
    assert sentences(nlp, CHUNK) == [
        "The export job calls the ledger-api nightly.", "It is owned by the Payments team.",
        "- Owner: Mara Olsen (payments)", "- Runbook: see the wiki", "4. **Rotate the keys** before the audit.",
        "[09:30] Sam Lee: we paused the rollout.", "Then we rolled it back.",
        "TASK-7: add an alert for the queue depth (owner: SRE)",
    ]


@pytest.mark.parametrize("line", [
    "2. **Drain the node** and wait.",  # a list number and bold markup
    "[14:02] Ana Ruiz: the canary is healthy",  # a chat line's time stamp and speaker
    "OPS-12: rotate the signing key (owner: Platform)",  # a labelled item: key, colon, value
])
def test_a_line_is_not_cut_inside_markup_or_after_a_label(nlp: Language, line: str) -> None:
    assert sentences(nlp, line) == [line]


def test_the_rebuilt_chunk_keeps_its_text_and_each_sentence_is_the_parse_of_its_text_alone(nlp: Language) -> None:
    cache = ParseCache(nlp)
    doc = chunk_parses(cache, [CHUNK])[0]
    assert doc.text == CHUNK
    for start, end in segment(nlp, [CHUNK])[0]:
        alone = nlp(CHUNK[start:end])
        span = doc.char_span(start, end)
        assert span is not None
        assert [(t.text, t.tag_, t.dep_, t.head.i - span.start, t.lemma_, t.ent_type_) for t in span] == \
            [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_, t.ent_type_) for t in alone]


def test_the_sentences_parsed_for_the_rules_are_the_ones_the_store_keeps(nlp: Language) -> None:
    cache = ParseCache(nlp)
    chunk_parses(cache, [CHUNK])
    parsed = cache.parsed
    cache.parses([CHUNK[start:end] for start, end in segment(nlp, [CHUNK])[0]])
    assert cache.parsed == parsed  # not parsed again


def test_the_rules_read_each_sentence_with_the_one_before_it(nlp: Language) -> None:
    doc = chunk_parses(ParseCache(nlp), [CHUNK])[0]
    sents = list(doc.sents)
    assert sents[1].text.strip() == "It is owned by the Payments team."
    assert sents[0].text.startswith("The export job") and sents[0].end == sents[1].start


def test_a_pipeline_without_the_sentence_recogniser_is_refused(nlp: Language) -> None:
    blank = Language(nlp.vocab)
    with pytest.raises(ZehnError, match="senter"):
        segment(blank, ["One sentence."])


def test_a_sentence_its_own_parse_cuts_stays_one_sentence_for_the_rules(nlp: Language) -> None:
    item = "- **Normaliser** — maps every payload to one event schema."
    assert len(list(nlp(item).sents)) == 2  # the parser alone cuts at the dash
    doc = chunk_parses(ParseCache(nlp), [item + "\nIt runs hourly."])[0]
    assert [s.text.strip() for s in doc.sents] == [item, "It runs hourly."]


EXPORTED = "Summary:\\n\\nThe queue stalled at noon. We paged the on-call.\\n- Owner: Mara Olsen\\n- Status: open"


def test_an_exported_body_is_cut_at_its_written_out_line_breaks(nlp: Language) -> None:
    assert sentences(nlp, EXPORTED) == ["Summary:", "The queue stalled at noon.", "We paged the on-call.",
                                        "- Owner: Mara Olsen", "- Status: open"]


def test_a_single_written_out_break_is_no_line_break(nlp: Language) -> None:
    text = "Fields are split on \\n before the header row is read"
    assert sentences(nlp, text) == [text]


def test_a_chunk_is_cut_where_its_document_says_lines_end(nlp: Language) -> None:
    tail = "- Owner: Mara Olsen\\n- Status: open"  # the end of an exported line: one escape left in this chunk
    cut = tail.index("\\n")
    assert [tail[a:b] for a, b in segment(nlp, [tail], [[(cut, cut + 2)]])[0]] == ["- Owner: Mara Olsen",
                                                                                    "- Status: open"]
    assert [tail[a:b] for a, b in segment(nlp, [tail], [[]])[0]] == [tail]
