"""A line that writes a change as its two ends states the asked rise or fall. Every line here is our own."""

from __future__ import annotations

from zehn.agent.value_changes import changed


def test_an_arrow_between_two_values_states_a_fall_when_the_second_is_lower() -> None:
    assert changed("fall", "queue errors trending down: 3.1% -> 0.4% in the last hour") == ("fall",)
    assert changed("drop", "p99 went from 1,200 ms to 310 ms after the rollback") == ("drop",)


def test_a_change_the_other_way_states_no_fall_but_a_rise() -> None:
    assert changed("fall", "timeouts 0.4% -> 3.1% since the deploy") == ()
    assert changed("rise", "timeouts 0.4% -> 3.1% since the deploy") == ("rise",)


def test_a_single_target_value_or_another_verb_states_no_change() -> None:
    assert changed("fall", "we scaled the pool to 3 replicas") == ()
    assert changed("cause", "errors 3.1% -> 0.4%") == ()
