"""Raw-text words: a path or a slash-joined pair also gives its parts."""

from __future__ import annotations

from zehn.agent.lemmas import identifier_parts, inflects, words


def test_a_route_gives_its_parts_beside_the_whole() -> None:
    found = words("~7% of uploads to /v2/files/upload returned 413")
    assert "/v2/files/upload" in found and {"files", "upload", "v2"} <= set(found)


def test_text_without_a_slash_gives_its_words_only() -> None:
    assert words("Backups: kept 30 days") == ["backups", "kept", "30", "days"]


def test_regular_endings_inflect_a_verb_and_other_words_do_not() -> None:
    assert all(inflects("gate", w) for w in ("gates", "gated", "gating"))
    assert inflects("ship", "shipped") and inflects("add", "adding")
    assert not inflects("gate", "gate")  # the lemma itself is no inflection
    assert not inflects("merge", "merger") and not inflects("go", "going")  # another word; a lemma too short to read



def test_a_snake_case_key_gives_its_words_and_its_value() -> None:
    assert identifier_parts(["sets", "max_payload_bytes=4096"]) == ("max", "payload", "bytes", "4096")


def test_a_bare_key_or_plain_words_give_no_parts() -> None:
    assert identifier_parts(["calls", "changed_modules", "__init__", "twice"]) == ()
