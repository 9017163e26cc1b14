"""Impact written from the user's side: a system its users could not reach or use (`extraction.lost_access`), read
in an incident write-up's prose and in a ticket's impact list."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.extraction_types import Mention
from extraction.lost_access import lost_access
from tests.extraction.test_prose_rules import read

REVIEW = "Incident review: slow checkouts on 4 May"


@pytest.mark.parametrize(("body", "hit"), [
    ("Shoppers could not log in to the till-portal for most of the morning.", "till-portal"),
    ("Some buyers cannot place orders on basket-api, but stock-sync kept running.", "basket-api"),
    ("Store admins were unable to open the price-console until noon.", "price-console"),
])
def test_users_who_could_not_reach_a_system_say_the_incident_hit_it(nlp: Language, tmp_path: Path, body: str,
                                                                   hit: str) -> None:
    found = read(nlp, tmp_path, REVIEW, body)
    assert (REVIEW, "AFFECTS", hit, "d") in found
    assert (REVIEW, "AFFECTS", "stock-sync", "d") not in found


@pytest.mark.parametrize("body", [
    "We could not reproduce the failure on basket-api.",
    "If basket-api is down, users cannot place orders on till-portal.",
    "Could shoppers not log in to till-portal?",
])
def test_an_investigator_a_condition_or_a_question_states_no_hit(nlp: Language, tmp_path: Path, body: str) -> None:
    assert not any(rel == "AFFECTS" for _, rel, _, _ in read(nlp, tmp_path, REVIEW, body))


def test_outside_an_incident_write_up_prose_is_not_read(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Till portal FAQ", "Shoppers could not log in to the till-portal before 2024.")
    assert not any(rel == "AFFECTS" for _, rel, _, _ in found)


def test_an_impact_list_item_may_leave_its_users_unsaid(nlp: Language, tmp_path: Path) -> None:
    body = ("Impact:\n- Store admins cannot finish sign-in to reach the price-console (a redirect loop).\n"
            "- Unable to open basket-api from the kiosks.\n- Staff were unable to finish their shift notes.\n")
    found = read(nlp, tmp_path, "BAKE-90: Session cookie dropped by the edge", body)
    hits = {obj for _, rel, obj, _ in found if rel == "AFFECTS"}
    assert hits == {"price-console", "basket-api"}


def test_a_system_that_could_not_reach_another_is_left_to_the_failing_verb_rules() -> None:
    text = "basket-api could not reach stock-sync for ten minutes."
    mentions = [Mention("basket-api", "Service", 0, 10), Mention("stock-sync", "Service", 28, 38)]
    assert lost_access(text, 0, len(text), mentions) == []
