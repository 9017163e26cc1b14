"""A pull request announced right after the change it holds is described is the ticket's fix, planned while not
merged (`extraction.change_announcements`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from extraction.change_announcements import announced_fix
from extraction.extraction_types import Mention
from tests.extraction.test_prose_rules import read

TICKET = "KILN-204: Glaze thermometer drifts after restart"
PR = "https://github.com/pottery/kiln-control/pull/"


def _pr(text: str, number: str) -> Mention:
    at = text.index(f"{PR}{number}")
    return Mention(f"{PR}{number}", "Page", at, at + len(f"{PR}{number}"))


@pytest.mark.parametrize(
    ("text", "planned"),
    [(f"2031-04-02 10:15 - Eng (Rui): Drafted a small change to the sensor reader that re-zeroes on boot. "
      f"Created draft PR: {PR}88 and asked for a review.", True),
     (f"Opening a change that caches the calibration table.\nRaised PR for review: {PR}88", True),
     (f"Prepared a patch for the boot sequence. Opened PR: {PR}88 and merged it after review.", False)],
)
def test_a_pr_announced_after_a_described_change_is_its_fix(text: str, planned: bool) -> None:
    assert announced_fix(text, (0, len(text)), _pr(text, "88")) is planned


@pytest.mark.parametrize(
    "text",
    [f"The thermometer drifts by two degrees. Created draft PR: {PR}88",  # no change described before it
     f"Drafted a small change to the reader.\n\nCreated PR: {PR}88",  # a blank line: another comment
     f"Drafted a small change to the reader. See {PR}88 for the earlier attempt."],  # not an announcement
)
def test_other_prs_are_not_announced_fixes(text: str) -> None:
    assert announced_fix(text, (0, len(text)), _pr(text, "88")) is None


def test_a_drafted_change_and_its_pr_fix_the_ticket_planned_and_link_it(nlp: Language, tmp_path: Path) -> None:
    body = ("## Comments\n\n2031-04-02 10:15 - Eng (Rui): Drafted a small change to the sensor reader that "
            f"re-zeroes on boot. Created draft PR: {PR}91 and flagged it for a safety review.\n")
    found = read(nlp, tmp_path, TICKET, body)
    assert (f"{PR}91", "FIXES", TICKET, "pd") in found
    assert (TICKET, "LINKED_TO", f"{PR}91", "d") in found


def test_a_pr_announced_alone_only_links(nlp: Language, tmp_path: Path) -> None:
    body = f"## Comments\n\nThe reader drifts after a restart. Created draft PR: {PR}92 to add logging.\n"
    found = read(nlp, tmp_path, TICKET, body)
    assert (TICKET, "LINKED_TO", f"{PR}92", "d") in found
    assert not any(rel == "FIXES" for _, rel, _, _ in found)
