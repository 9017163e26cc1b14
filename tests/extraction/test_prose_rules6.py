"""Rules 29 (written set 6): catalogue-entry titles, "Team:" lines, hedged cause labels, passive labels, data-flow
values that open with what flows, slash-joined team names, dotted identifiers, repeated passive agents, kind nouns
after an object, and asides in brackets. Each read through the whole extractor (one small document each)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from tests.extraction.test_prose_rules import NOTES, read

CARD = "Service card: kelp-indexer"
TICKET = "OPS-7301: kelp-indexer timeouts"


@pytest.mark.parametrize(
    ("title", "body", "expected"),
    [(CARD, "Owner: Rosa Imbert", ("Rosa Imbert", "OWNS", "kelp-indexer", "d")),  # "card" says the kind of write-up
     (CARD, "Backed by: Postgres", ("kelp-indexer", "USES", "Postgres", "d")),
     (CARD, "Fronted by: tide-proxy", ("tide-proxy", "CALLS", "kelp-indexer", "d")),
     (CARD, "Fed by: reef-export", ("kelp-indexer", "CONSUMES", "reef-export", "d")),
     (CARD, "Input: the sightings topic from buoy-hub", ("kelp-indexer", "CONSUMES", "buoy-hub", "d")),
     (CARD, "Output: hourly counts into the tally-db", ("kelp-indexer", "PRODUCES", "tally-db", "d")),
     (CARD, "Source: sampled buoy-hub readings taken hourly", ("kelp-indexer", "CONSUMES", "buoy-hub", "d")),
     (TICKET, "Suspected trigger: a config push to tide-proxy", ("tide-proxy", "CAUSED", "OPS-7301", "h")),
     (TICKET, "Possible cause: a stale lease in buoy-hub", ("buoy-hub", "CAUSED", "OPS-7301", "h"))],
)
def test_labelled_lines_of_a_catalogue_entry_read_their_relation(nlp: Language, tmp_path: Path, title: str, body: str,
                                                                 expected: tuple[str, str, str, str]) -> None:
    found = read(nlp, tmp_path, title, body)
    subject, rel_type, obj, flag = expected  # a ticket is named by its whole title: its key opens the name
    assert any(f[0].startswith(subject) and f[1] == rel_type and f[2].startswith(obj) and f[3].startswith(flag[:1])
               for f in found), found


def test_a_team_line_under_a_system_heading_owns_that_system(nlp: Language, tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Catalogue", "## kelp-indexer\n\n- Team: Ocean/Data team\n")
    assert ("Ocean/Data", "OWNS", "kelp-indexer", "d") in found  # the subject is the heading's: "d"


def test_a_team_line_with_no_system_to_be_about_states_nothing(nlp: Language, tmp_path: Path) -> None:
    assert not read(nlp, tmp_path, NOTES, "Team: Ocean Data team\n")


@pytest.mark.parametrize(
    "body",
    ["Input: none from buoy-hub this quarter",  # a denial opens the value
     "Source: interviews with the people on call"],  # no system at all
)
def test_flow_values_that_deny_or_name_no_system_state_nothing(nlp: Language, tmp_path: Path, body: str) -> None:
    assert not {f for f in read(nlp, tmp_path, CARD, body) if f[1] == "CONSUMES"}


@pytest.mark.parametrize(
    ("body", "expected"),
    [("The Ocean/Data team owns kelp-indexer.", ("Ocean/Data", "OWNS", "kelp-indexer", "")),
     ("Rosa Imbert (Ocean/Data team) maintains kelp-indexer.", ("Rosa Imbert", "MEMBER_OF", "Ocean/Data", "")),
     ("kelp-indexer reads from the sightings.v2 topic.", ("kelp-indexer", "CONSUMES", "sightings.v2", "")),
     ("kelp-indexer reads from the reef.sightings stream.", ("kelp-indexer", "CONSUMES", "reef.sightings", "")),
     ("kelp-indexer depends on tide.gateway.", ("kelp-indexer", "DEPENDS_ON", "tide.gateway", "")),
     ("The reef-feed topic is consumed by kelp-indexer and by the tally-job.",
      ("tally-job", "CONSUMES", "reef-feed", "")),  # the agent's "by" said again
     ("kelp-indexer is backed by a Redis cluster and fronted by the tide-proxy.",
      ("tide-proxy", "CALLS", "kelp-indexer", "")),  # the first object's kind noun ends it
     ("kelp-indexer (owned by the Ocean team) writes counts to tally-db.",
      ("kelp-indexer", "PRODUCES", "tally-db", "")),  # the aside closes, the subject's clause goes on
     ("kelp-indexer pulls hourly counts (from buoy-hub, not the archive).",
      ("kelp-indexer", "CONSUMES", "buoy-hub", ""))],  # the place stated in an aside
)
def test_rules_29_read_the_relation(nlp: Language, tmp_path: Path, body: str,
                                    expected: tuple[str, str, str, str]) -> None:
    assert expected in read(nlp, tmp_path, NOTES, body)


@pytest.mark.parametrize(
    "body",
    ["Set retry.attempt to three and keep results.json for the review.",  # a config key and a file: no names
     "Engineers on the read/write path reviewed kelp-indexer.",  # lowercase alternatives: no team
     "The error.code field is written by kelp-indexer."],  # a field, not a system
)
def test_dotted_keys_files_and_alternatives_name_no_entity(nlp: Language, tmp_path: Path, body: str) -> None:
    found = read(nlp, tmp_path, NOTES, body)
    assert not {f for f in found if any(w in (f[0] + f[2]) for w in ("retry.attempt", "results.json", "error.code",
                                                                      "read/write"))}
