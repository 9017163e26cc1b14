from __future__ import annotations

import dataclasses

import pytest

from verify.verdicts import (
    Abstained,
    Answered,
    Refused,
    WeakSupport,
    abstain_message,
    answered_trailer,
    verdict_to_dict,
)


def test_abstain_message_wording() -> None:
    assert abstain_message("the  SCIM bridge owner", 4) == (
        "I could not find anything in the indexed documents about the SCIM bridge owner.\n"
        "[abstained] 4 evidence ids retrieved"
    )


def test_answered_trailer_wording() -> None:
    assert answered_trailer(2, 7) == "[answered] citing 2 of 7 retrieved evidence ids"


def test_verdicts_are_frozen() -> None:
    verdict = Refused("fabricated_citation", ("ev_x",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        verdict.reason = "other"  # type: ignore[misc]


def test_verdict_to_dict_shapes() -> None:
    answered = verdict_to_dict(Answered(("ev_a",), (WeakSupport("ev_a", "claim"),)))
    assert answered["status"] == "answered" and answered["citations"] == ["ev_a"]
    assert answered["weak"] == [{"evidence_id": "ev_a", "claim": "claim"}]
    abstained = verdict_to_dict(Abstained("no_citation", 3))
    assert (abstained["status"], abstained["offending"], abstained["citations"]) == ("abstained", [], [])
    refused = verdict_to_dict(Refused("uncited_claim", ("s",)))
    assert refused == {"status": "refused", "reason": "uncited_claim", "offending": ["s"], "citations": []}
