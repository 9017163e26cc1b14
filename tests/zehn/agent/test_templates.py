"""A heading that says what to write in its section names no section role. Own headings."""

from __future__ import annotations

import pytest

from zehn.agent.templates import guide_heading


@pytest.mark.parametrize("heading", ["Runbook > Fix notes (what to record afterwards)", "Root cause (to be filled in)",
                                     "KB > Resolution template", "Mitigation (how to write it up)"])
def test_a_heading_saying_what_to_write_is_a_guide(heading: str) -> None:
    assert guide_heading(heading)


@pytest.mark.parametrize("heading", ["Resolution", "Root cause (confirmed)", "Fix (what we shipped)",
                                     "Template service > Mitigation"])
def test_a_heading_stating_the_section_is_no_guide(heading: str) -> None:
    assert not guide_heading(heading)
