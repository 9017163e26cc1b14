"""A turn's first line that states the asked act in the speaker's own voice answers "who" with the speaker; a line
that names another doer, asks for the act or does another act does not. Every line here is our own."""

from __future__ import annotations

import pytest
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.turn_acts import opening_speaker, speaker_does

CHAT = """# ops

## messages

nadia (ops): pager on the export worker, looking now.
nadia (ops): handing off to omar in 15m, can someone take over the bridge?
omar (sre): taking over.
I will write the runbook update tonight.
pia (db): I can take the index rebuild.
pia (db): omar took over the bridge already.
"""


@pytest.fixture(scope="module")
def similarity(embedder: LocalEmbedder) -> Similarity:
    return Similarity(embedder)


def _view() -> DocView:
    view = markdown_view(CHAT, "ops")
    front = Sentence("ev_meta", 'participants: ["nadia (ops)", "omar (sre)", "pia (db)"]', view.info.id, 0, 0,
                     "metadata")
    return DocView(view.info, view.passages, 1.0, True, lambda: [front, *view.sentences])


def _says(question: str, opening: str, nlp: Language, similarity: Similarity) -> bool:
    view = _view()
    line = next(s for s in view.sentences if s.text.startswith(opening))
    return speaker_does(analyse(question, nlp).asks[0], opening_speaker(view, line), nlp(line.text), similarity, nlp)


def test_the_speaker_label_names_who_did_the_act_the_line_states(nlp: Language, similarity: Similarity) -> None:
    assert _says("Who took over from nadia?", "omar (sre): taking over", nlp, similarity)


def test_a_line_asking_for_the_act_or_naming_another_doer_does_not(nlp: Language, similarity: Similarity) -> None:
    assert not _says("Who took over from nadia?", "nadia (ops): handing off", nlp, similarity)
    assert not _says("Who took over the bridge?", "pia (db): omar took over", nlp, similarity)


def test_the_act_must_be_done_to_the_asked_thing(nlp: Language, similarity: Similarity) -> None:
    assert _says("Who took the index rebuild?", "pia (db): I can take the index rebuild", nlp, similarity)
    assert not _says("Who took the runbook update?", "pia (db): I can take the index rebuild", nlp, similarity)


def test_a_later_line_of_a_turn_does_not_name_its_speaker() -> None:
    view = _view()
    later = next(s for s in view.sentences if s.text.startswith("I will write"))
    assert opening_speaker(view, later) == ""
