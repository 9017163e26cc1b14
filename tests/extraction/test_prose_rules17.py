"""Rules of the seventeenth pass (zehn-rules-39): an impact field written inside a line ("... . Affected customers:
X, Y.") is read as the labelled line it would be on its own, while the owner fields that follow an action item's
sentence stay unread; the software an environment item names with its release number ("- Clients: ruby 3.2.1,
elixir 1.15.4") is what the ticket's case uses, not only the first name of the value."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from tests.extraction.test_lines import read, triples

ALERT = ("watch-bot: Error budget burn detected on the ingest tier. Affected customers: Orvane Logistics (timeouts), "
         "Telmark Labs (partial writes). Paging the primary.")
CHAT = f"""---
title: "ops-alerts"
source_type: "slack"
---

# ops-alerts

## messages

{ALERT}

jo: looking now.
"""

POSTMORTEM = """---
title: "Review: queue backlog on 3 May"
source_type: "confluence"
---

# Review: queue backlog on 3 May

## Follow-up actions

1) Add a backlog alert to the paging policy. Owner team: Data Platform.
2) Document the drain procedure. Owning team: Storage Eng. Priority: P2.
"""

TICKET = """---
title: "Uploads stall after the client upgrade"
source_type: "jira"
key: "HELP-5120"
---

# Uploads stall after the client upgrade

Environment:
- Single tenant in one region.
- Clients: ruby 3.2.1, elixir 1.15.4 (beta), kotlin 1.9.0.
- Edge proxy: haproxy-2.8.3, Worker runtime: runtime-4.1.0
- Release: version 7.2.0
"""


def test_an_impact_field_inside_a_chat_line_affects_what_it_names(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, CHAT)
    found = {(r, o) for _, r, o, _ in triples(rels)}
    assert ("AFFECTS", "Orvane Logistics") in found
    assert ("AFFECTS", "Telmark Labs") in found


def test_owner_fields_after_an_action_items_sentence_own_nothing(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, POSTMORTEM)
    assert not [r for r in rels if r["rel_type"] in ("OWNS", "MAINTAINS", "LEADS")]


def test_every_name_given_with_a_release_in_an_environment_item_is_used(nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    used = {o for s, r, o, _ in triples(rels) if s == "HELP-5120" and r == "USES"}
    assert {"ruby", "elixir", "kotlin", "haproxy"} <= used


def test_a_release_of_the_labelled_role_itself_or_a_bare_version_names_no_software(
        nlp: Language, tmp_path: Path) -> None:
    _, rels = read(nlp, tmp_path, TICKET)
    used = {o.casefold() for s, r, o, _ in triples(rels) if r == "USES"}
    assert "runtime" not in used
    assert "version" not in used


def test_a_versioned_name_the_recogniser_knows_keeps_the_type_it_has_elsewhere(
        nlp: Language, tmp_path: Path) -> None:
    ticket = TICKET.replace("- Release: version 7.2.0", "- Worker version: queue-keeper v3.1.2")
    _, rels = read(nlp, tmp_path, ticket)
    ids = {r["object_id"] for r in rels if r["object"] == "queue-keeper"}
    assert len(ids) == 1
