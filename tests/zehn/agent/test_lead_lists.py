"""A list under a lead-in that links it to the subject: the verb's side decides dependents or dependencies; a
passive or an instruction lead-in lists no neighbours. Documents are our own."""

from __future__ import annotations

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.lead_lists import led_items


def _led(lead: str, subject: str, item: str = "- pricing-api (Sales team)") -> list[tuple[str, str]]:
    view = markdown_view(f"# Notes\n\n{lead}\n\n{item}\n", "Notes")
    return [(side, part.name) for side, part in led_items(view, subject)]


def test_the_verb_side_decides_dependents_or_dependencies() -> None:
    assert _led("The config store calls:", "config store") == [("dependencies", "pricing-api")]
    assert _led("These services still send traffic to the config store:", "config store") == [
        ("dependents", "pricing-api")]
    assert _led("The config store relies on:", "config store") == [("dependencies", "pricing-api")]


def test_a_passive_lead_in_lists_no_neighbours() -> None:
    assert _led("The config store is read by:", "config store") == []


def test_an_instruction_lists_commands_not_neighbours() -> None:
    assert _led("To use vault-proxy, run:", "vault-proxy", "- `vault-proxy login`") == []
    assert _led("Before the vault-proxy is used, run:", "vault-proxy", "- `vault-proxy login`") == []
