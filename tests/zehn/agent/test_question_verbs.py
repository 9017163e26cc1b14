"""The verb a question asks about: the act a phase or need verb carries, and a bare verb the tagger read as a noun."""

from __future__ import annotations

import pytest
from spacy.language import Language
from spacy.tokens import Doc

from zehn.agent.analyse import analyse
from zehn.agent.question_verbs import fronted


@pytest.mark.parametrize(("question", "plain"), [
    ("What header limit did the gateway start enforcing in 2.1?", "What header limit does the gateway enforce?"),
    ("What header limit did the gateway begin to enforce in 2.1?", "What header limit does the gateway enforce?"),
    ("Who has to sign off on retention exceptions?", "Who signs off on retention exceptions?"),
    ("Which team needs to approve the retention exceptions?", "Which team approves the retention exceptions?"),
])
def test_a_phase_or_need_verb_asks_about_the_act_it_carries(nlp: Language, question: str, plain: str) -> None:
    carried, direct = analyse(question, nlp), analyse(plain, nlp)
    assert carried.asks[0].predicate == direct.asks[0].predicate
    assert (carried.route, carried.rel_type) == (direct.route, direct.rel_type)


def test_a_need_verb_with_a_gerund_carries_no_act(nlp: Language) -> None:
    assert analyse("Which dashboards need fixing?", nlp).asks[0].predicate != "fix"


@pytest.mark.parametrize(("question", "verb"), [
    ("What did the default storage alias point to for the new tenant?", "point"),
    ("What does the release installer CLI wrap to do the upgrade of charts?", "wrap"),
])
def test_a_bare_verb_read_as_a_noun_before_to_is_the_asked_verb(nlp: Language, question: str, verb: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.predicate == verb
    assert "alias" in ask.core or "installer" in ask.core  # the do-subject is part of what is asked


def test_a_preposition_before_the_next_wh_word_belongs_to_that_ask(nlp: Language) -> None:
    asks = analyse("After how many errors does the retry breaker trip, and for how long?", nlp).asks
    assert [a.wh for a in asks] == ["how many", "how long"]
    assert not asks[0].text.endswith("for")



@pytest.mark.parametrize("question", ["What header limit did the gateway enforce in 2.1?",
                                      "What median queue depth did the ledger worker show?"])
def test_a_verb_the_parser_made_the_object_of_did_is_the_asked_verb(nlp: Language, question: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert ask.predicate not in ("do", "")
    assert "gateway" in ask.core or "ledger" in ask.core  # its subject is part of what is asked



@pytest.mark.parametrize(("question", "verb"), [
    ("Who should on-call escalate to when the cache is the root cause of slow checkouts?", "escalate"),
    ("What should front-end call when the session store is down?", "call"),
])
def test_a_hyphenated_subject_read_as_the_verb_leaves_the_bare_verb_after_it_asked(
        nlp: Language, question: str, verb: str) -> None:
    assert analyse(question, nlp).asks[0].predicate == verb


def test_a_hyphenated_word_with_no_bare_verb_after_it_stays_the_verb(nlp: Language) -> None:
    assert analyse("Who re-enabled the nightly export job?", nlp).asks[0].predicate == "re-enable"


@pytest.mark.parametrize(("question", "kind"), [
    ("What got the nightly exports running again after the outage?", "fix"),
    ("What got the webhook deliveries flowing again?", "fix"),
    ("What got the nightly exports stuck again?", "cause"),
    ("What made the queue latency go back up?", "cause")])
def test_get_with_an_ongoing_act_again_asks_how_it_was_restored(nlp: Language, question: str, kind: str) -> None:
    assert analyse(question, nlp).asks[0].answer_type == kind, question


def test_a_passive_participle_right_after_was_whose_subject_is_the_wh_word_is_the_verb(nlp: Language) -> None:
    # The clause's last word is a verb of the relative clause ("... that wanted reminders stopped"), not the ask's.
    ask = analyse("What was changed in the billing portal for the tenant that wanted reminders stopped?", nlp).asks[0]
    assert ask.predicate == "change"


@pytest.mark.parametrize(("question", "verb", "answer_type"), [
    ("How was the broken alerts aggregate job repaired, and how far behind was compute afterwards?", "repair", "fix"),
    ("How was the export job fixed?", "fix", "fix"),
    ("How is the ledger sync job configured?", "configure", "description"),
])
def test_a_participle_after_a_fronted_was_is_the_asked_verb_not_a_noun_read_as_one(
        nlp: Language, question: str, verb: str, answer_type: str) -> None:
    ask = analyse(question, nlp).asks[0]
    assert (ask.predicate, ask.answer_type) == (verb, answer_type)



def _misparsed(nlp: Language, last: list[tuple[str, str, str, int]]) -> Doc:
    """A do-question as the tagger may read it: "need" a modifier, the participle hung on the object noun."""
    rows = [("How", "WRB", "advmod", 1), ("long", "RB", "advmod", 5), ("did", "VBD", "aux", 5), ("the", "DT", "det", 4),
            ("bank", "NN", "nsubj", 5), ("need", "VBP", "amod", 7), ("audit", "NN", "compound", 7),
            ("logs", "NNS", "ROOT", 7), ("kept", "VBD", "acl", 7), ("in", "IN", "prep", 8), *last]
    pos = {"WRB": "SCONJ", "RB": "ADV", "VBD": "VERB", "DT": "DET", "NN": "NOUN", "VBP": "VERB", "NNS": "NOUN",
           "IN": "ADP", "PRP$": "PRON", "JJ": "ADJ", ".": "PUNCT"}
    doc = Doc(nlp.vocab, words=[r[0] for r in rows], heads=[r[3] for r in rows], deps=[r[2] for r in rows],
              tags=[r[1] for r in rows], pos=[pos[r[1]] for r in rows])
    doc[2].pos_, doc[2].lemma_ = "AUX", "do"
    return doc


def test_a_do_question_ending_in_a_determined_noun_asks_the_participle_before_it(nlp: Language) -> None:
    # "... kept in *their* private region": a word with a possessive (only adjectives between) is a noun, not the
    # bare verb a do-question ends with; the participle stays the asked verb
    doc = _misparsed(nlp, [("their", "PRP$", "poss", 12), ("private", "JJ", "amod", 12), ("region", "NN", "pobj", 9),
                           ("?", ".", "punct", 7)])
    assert fronted(doc[0:13], doc[8]).text == "kept"
    # "... by the operator raise": a noun between the determiner and the last word may be the verb's subject
    doc = _misparsed(nlp, [("the", "DT", "det", 12), ("operator", "NN", "compound", 12), ("raise", "NN", "pobj", 9),
                           ("?", ".", "punct", 7)])
    assert fronted(doc[0:13], doc[8]).text == "raise"
