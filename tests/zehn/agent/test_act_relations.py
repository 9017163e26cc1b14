"""Two verbs that state one relation: an asked act is met by an item's verb of the same relation (the verifier's cue
lexicon), and a verb that moves its object into something states containment. Sentences are our own."""

from __future__ import annotations

from spacy.language import Language

from zehn.agent.act_relations import CONTAINMENT, relations, states


def _verb(nlp: Language, text: str, lemma: str) -> frozenset[str]:
    return relations(next(t for t in nlp(text) if t.lemma_.casefold() == lemma))


def test_signing_off_and_approving_state_one_relation(nlp: Language) -> None:
    asked = _verb(nlp, "Who has to sign off on exceptions for vendor accounts?", "sign")
    assert states(asked, nlp("approve any vendor account exceptions"))
    assert not states(asked, nlp("review any vendor account exceptions"))


def test_putting_something_into_a_list_is_what_including_it_states(nlp: Language) -> None:
    asked = _verb(nlp, "Which team owns putting a cost section into the launch checklist?", "put")
    assert CONTAINMENT in asked
    assert states(asked, nlp("Update the launch checklist to include a cost section"))


def test_removing_something_never_meets_putting_it_in(nlp: Language) -> None:
    asked = _verb(nlp, "Which team owns putting a cost section into the launch checklist?", "put")
    assert not states(asked, nlp("Remove the cost section from the launch checklist"))


def test_a_place_that_is_no_container_states_no_containment(nlp: Language) -> None:
    asked = _verb(nlp, "Who owns rotating the keys in production?", "rotate")
    assert CONTAINMENT not in asked
    assert not states(asked, nlp("Update the key list to include production"))
