"""A short answer bound to a summary is followed by the lines of its document that restate it in detail, never by
front matter, headings or lines that share one word with it. Fixture text is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from zehn.agent.bound import Bound, Finding
from zehn.agent.compose import draft
from zehn.agent.detail import DETAIL_TARGET, content_lemmas, detail_lines, detailed, heading_only
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.question import Analysis, Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence

QUESTION = "Why did the badge relay drop the kiosk sessions?"
SUMMARY = "The relay rotated its signing certificate while kiosks still pinned the old fingerprint."
DETAIL = ("Dana: the kiosks pinned fingerprint AB12 and the relay rotated the signing certificate at 09:10, so every "
          "kiosk session handshake failed and the relay dropped them.")
ONE_WORD = "Dana: ordering lunch for the kiosk team at noon today."
HEADING = "# Badge relay dropped kiosk sessions after certificate rotation"
LOG = "2026-02-03T09:10:00Z WARN relay session=k1 fingerprint=AB12 handshake=failed"
META = 'title: "Badge relay dropped kiosk sessions after certificate rotation"'
ASK = Ask("why did the badge relay drop the kiosk sessions", "why", "cause", "cause", "drop", "cause",
          ("badge", "relay", "drop", "kiosk", "session"))


def _view(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> DocView:
    """A document of one front-matter line and the given sections (heading, lines)."""
    passages, sentences, at = [], [Sentence("ev_m", META, "d", 0, len(META), "metadata")], len(META) + 1
    passages.append(DocPassage("d#m", "d", "", "metadata", 0, len(META), META, (0.5,)))
    for n, (heading, lines) in enumerate(sections):
        start = at
        for k, line in enumerate(lines):
            sentences.append(Sentence(f"ev_{n}_{k}", line, "d", at, at + len(line), "sentence"))
            at += len(line) + 1
        body = "\n".join(lines)
        passages.append(DocPassage(f"d#p{n}", "d", heading, "section", start, at, f"{heading}\n{body}", (0.3,)))
    return DocView(DocumentInfo("d", "Badge relay", "jira", None, None), tuple(passages), 1.0, False,
                   lambda: sentences)


def _by_text(view: DocView, text: str) -> Sentence:
    return next(s for s in view.sentences if s.text == text)


VIEW = _view((("Root cause", (SUMMARY,)), ("Comments", (HEADING, ONE_WORD, DETAIL, LOG)),
              ("Impact", ("Front desks issued paper badges for an hour.",)),
              ("Owners", ("Platform security owns the signing service.",)),
              ("Follow-up", ("Add an expiry alert to the certificate dashboard.",))))


@pytest.fixture(scope="module")
def parses(nlp: Language) -> Parses:
    return Parses(ParseCache(nlp))


@pytest.fixture(scope="module")
def question(nlp: Language) -> Doc:
    return nlp(QUESTION)


def test_inflections_share_a_lemma_and_stop_words_do_not_count(nlp: Language) -> None:
    assert content_lemmas(nlp("The relay rotated certificates")) == content_lemmas(nlp("relays rotate the certificate"))
    assert "the" not in content_lemmas(nlp("The relay"))
    assert "retries" in content_lemmas(nlp("Set retries=2 first."))  # a setting's name, as written


def test_a_heading_alone_is_no_detail_but_a_sentence_stored_with_its_heading_is() -> None:
    assert heading_only(HEADING)
    assert not heading_only("## Root cause\nThe relay rotated its certificate.")


def test_the_line_restating_the_summary_is_added_and_chatter_headings_logs_and_front_matter_are_not(
        question: Doc, parses: Parses) -> None:
    summary = _by_text(VIEW, SUMMARY)
    chosen = detail_lines(question, (summary,), VIEW, [summary], 150, parses)
    assert [s.text for s in chosen] == [DETAIL]


def test_a_line_that_does_not_fit_what_is_left_of_the_budget_is_passed_over(question: Doc, parses: Parses) -> None:
    summary = _by_text(VIEW, SUMMARY)
    assert detail_lines(question, (summary,), VIEW, [summary], len(DETAIL.split()) - 1, parses) == ()


def test_an_answer_already_near_the_budget_gets_no_detail_and_loses_its_front_matter_context(
        question: Doc, parses: Parses) -> None:
    summary, meta = _by_text(VIEW, SUMMARY), _by_text(VIEW, META)
    long = Sentence("ev_long", " ".join(["word"] * DETAIL_TARGET), "d", 0, 1, "sentence")
    finding = Finding(ASK, (summary, long), "inferred", (), "Root cause", summary, (meta,))
    out = detailed(question, Bound(findings=(finding,), document=VIEW.info), VIEW, parses)
    assert out.detail == ()
    assert out.findings[0].context == ()
    assert out.findings[0].answer == (summary, long)


def test_the_detail_is_quoted_after_the_answer_under_its_own_lead(question: Doc, parses: Parses) -> None:
    summary = _by_text(VIEW, SUMMARY)
    finding = Finding(ASK, (summary,), "inferred", (), "Root cause", summary)
    bound = detailed(question, Bound(findings=(finding,), document=VIEW.info), VIEW, parses)
    analysis = Analysis(QUESTION, "why", (ASK,), None, None, None, (), (), (), ())
    text = draft(analysis, bound) or ""
    assert text.index(SUMMARY.rstrip(".")) < text.index("Elsewhere, the same document adds:") < text.index("AB12")


def test_a_line_of_chosen_settings_is_detail_but_a_timestamped_log_record_is_not(question: Doc,
                                                                                 parses: Parses) -> None:
    settings = "Dana: asked the kiosks to set retries=2, delay=500ms, pin=off so the relay stops dropping sessions."
    view = _view((("Root cause", (SUMMARY,)), ("Comments", (settings, LOG)), ("Impact", ("Paper badges.",)),
                  ("Owners", ("Platform security owns signing.",)), ("Follow-up", ("Add an expiry alert.",))))
    summary = _by_text(view, SUMMARY)
    assert [s.text for s in detail_lines(question, (summary,), view, [summary], 150, parses)] == [settings]
