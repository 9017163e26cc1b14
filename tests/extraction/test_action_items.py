"""A numbered action item ("ACTION 2 (Team): ... (owner: X)") is work no tracker key names: no relation, and its
"owner:" is not read as an owner of the document. Documents are our own, read through the whole extractor."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from extraction.actions import numbered_action
from tests.extraction.test_prose_rules import read

POSTMORTEM = "Postmortem: thumbnail backlog on 2 June"


def test_a_numbered_action_item_relates_nobody_to_anything(nlp: Language, tmp_path: Path) -> None:
    body = ("## Action items\n\n"
            "- ACTION 1 (Media): Add a queue-depth alert to thumb-svc (owner: Ines Moreau, due: 2026-07-01).\n"
            "- ACTION 2 (Edge): Cap retries in upload-api (owner: Rahul Verma).\n")
    found = read(nlp, tmp_path, POSTMORTEM, body)
    assert not any(rel == "OWNS" for _, rel, _, _ in found)
    assert not any(subj in ("Ines Moreau", "Rahul Verma", "Media", "Edge") for subj, _, _, _ in found)


def test_only_a_line_opening_with_action_and_its_number_is_an_action_item() -> None:
    text = "- ACTION 3 (Storage): rotate keys\n- Action taken: restarted thumb-svc\n"
    first, second = (0, text.index("\n")), (text.index("\n") + 1, len(text) - 1)
    assert numbered_action(text, first)
    assert not numbered_action(text, second)
