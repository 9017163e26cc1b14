"""The shared parse walks and the one place a read relation is typed (sentences and lines alike)."""

from __future__ import annotations

from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.ownership_prose import typed_relation
from extraction.parse_walks import prep_objects, with_conjuncts


def test_prepositional_objects_come_with_the_words_conjoined_to_them(nlp: Language) -> None:
    verb = nlp("The relay-hub talks to Redis, Kafka and Postgres.")[2]
    objects = prep_objects(verb, ("to",))
    assert [t.text for t in objects] == ["Redis", "Kafka", "Postgres"]
    assert with_conjuncts(objects[:1]) == objects and with_conjuncts(objects[2:]) == objects[2:]  # only later ones
    assert prep_objects(verb, ("from",)) == []


def test_a_system_that_belongs_to_a_team_is_owned_by_it_and_one_name_twice_is_no_relation() -> None:
    hub, team = Mention("relay-hub", "Service", 0, 9), Mention("Orbit", "Team", 20, 25)
    assert typed_relation(hub, team, "PART_OF") == (team, hub, "OWNS")
    assert typed_relation(hub, team, "USES") == (team, hub, "MAINTAINS")  # "X is run by the Orbit team"
    assert typed_relation(hub, Mention("relay-hub", "Service", 30, 39), "CALLS") is None



def test_a_noun_that_opens_a_second_clause_is_no_conjoined_object(nlp: Language) -> None:
    doc = nlp("Saves fail when UploadPath holds a unicode name and shared storage applies normalisation again.")
    name = next(t for t in doc if t.text == "name")
    assert [t.text for t in with_conjuncts([name])] == ["name"]


def test_conjoined_objects_before_a_full_stop_are_still_conjuncts(nlp: Language) -> None:
    doc = nlp("ledger-sync calls billing-api and relay-hub.")
    first = next(t for t in doc if t.text == "billing-api")
    assert [t.text for t in with_conjuncts([first])] == ["billing-api", "relay-hub"]


def test_conjoined_subjects_before_their_verb_are_still_conjuncts(nlp: Language) -> None:
    doc = nlp("Dana Ruiz and Li Wei maintain the relay-hub.")
    first = next(t for t in doc if t.text == "Ruiz")
    assert [t.text for t in with_conjuncts([first])] == ["Ruiz", "Wei"]
