"""Policy file loading, hashing, evaluation mode; parameter cleaning (no database)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from extraction.errors import InputRejected, QueryRejected
from traversal_policy import DEFAULT_POLICY_PATH, PRODUCTION_WALKABLE, PolicyViolation, load_policy, parse_policy
from traversal_policy.params import (
    MAX_NAMES,
    ParamSpec,
    clamp_depth,
    clean_text,
    fulltext_query,
    fuzzy_name_query,
    name_keys,
    validate,
    words,
)


def test_default_policy_is_production_and_hashes_the_file() -> None:
    policy = load_policy()
    assert policy.name == "default"
    assert policy.walkable == PRODUCTION_WALKABLE
    assert "CALLS" not in policy.walkable
    assert not policy.evaluation_mode
    assert policy.hash == hashlib.sha256(DEFAULT_POLICY_PATH.read_bytes()).hexdigest()
    assert policy.to_dict()["walkable"] == sorted(PRODUCTION_WALKABLE)


def test_enabling_calls_is_evaluation_mode(eval_policy_file: Path) -> None:
    policy = load_policy(eval_policy_file)
    assert "CALLS" in policy.walkable
    assert policy.evaluation_mode
    assert policy.non_default == ("CALLS",)
    assert policy.info().evaluation_mode


def test_a_stricter_policy_stays_production() -> None:
    policy = parse_policy(b'name = "strict"\n[traversal]\nwalkable = ["OWNS"]\n', "strict.toml")
    assert not policy.evaluation_mode
    assert policy.allowed(["OWNS", "DEPENDS_ON"]) == ["OWNS"]


@pytest.mark.parametrize("text", [
    b"not toml = = =",
    b'name = ""\n[traversal]\nwalkable = []\n',
    b'name = "x"\n',
    b'name = "x"\n[traversal]\nwalkable = ["DROP_ALL"]\n',
    b'name = "x"\n[traversal]\nwalkable = "DEPENDS_ON"\n',
    b"\xff\xfe",
])
def test_malformed_policies_are_rejected(text: bytes) -> None:
    with pytest.raises(InputRejected):
        parse_policy(text, "bad.toml")


def test_missing_policy_file_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(InputRejected, match="cannot be read"):
        load_policy(tmp_path / "nope.toml")


def test_row_guard_rejects_forbidden_and_long_paths() -> None:
    policy = load_policy()
    policy.check_rows([{"path": {"rel_types": ["DEPENDS_ON", "USES"]}}, {"rel_type": "OWNS"}])
    with pytest.raises(PolicyViolation, match="CALLS"):
        policy.check_rows([{"path": {"rel_types": ["DEPENDS_ON", "CALLS"]}}])
    with pytest.raises(PolicyViolation, match="hops"):
        policy.check_rows([{"path": {"rel_types": ["USES"] * 4}}])
    with pytest.raises(PolicyViolation):
        policy.check_rows([{"rel_type": "CALLS"}])


def test_row_guard_passes_rows_without_paths_and_still_checks_the_rows_after_them() -> None:
    policy = load_policy()
    policy.check_rows([{"id": "p1", "text": "a passage"}, {"id": "e1", "path": None}])
    with pytest.raises(PolicyViolation, match="CALLS"):
        policy.check_rows([{"id": "p1", "text": "a passage"}, {"rel_type": "CALLS"}])


@pytest.mark.parametrize(("given", "expected"), [(-5, 1), (0, 1), (1, 1), (2, 2), (3, 3), (4, 3), (10**30, 3),
                                                 ("2", 2), (" -9 ", 1)])
def test_depth_is_clamped(given: object, expected: int) -> None:
    assert clamp_depth(given) == expected


@pytest.mark.parametrize("given", [True, "two", 2.5, None, "9" * 40])
def test_depth_must_be_an_integer(given: object) -> None:
    with pytest.raises(QueryRejected):
        clamp_depth(given)


def test_fulltext_query_ors_sanitised_words() -> None:
    assert fulltext_query("who owns ledger?") == "who|owns|ledger"
    assert fulltext_query("a|b -c @d:{e} *f ~g %h% $i \\j") == "a|b|c|d|e|f|g|h|i|j"
    assert fulltext_query("0:_ a_b") == "0|a|b"
    assert fulltext_query("Zürich 東京") == "zürich|東京"
    with pytest.raises(InputRejected, match="no words"):
        fulltext_query("|-@*~%$\\")
    assert len(words("x " * 5000 + " ".join(f"w{i}" for i in range(100)))) <= 32


def test_fuzzy_and_exact_keys() -> None:
    assert fuzzy_name_query("ledgr") == "ledgr|ledgr*|%ledgr%"
    assert fuzzy_name_query("C++") == "c"
    assert fuzzy_name_query("++") is None
    assert name_keys("  Payments   API ") == ["payments api", "payments-api"]
    assert name_keys("atlas") == ["atlas"]


@pytest.mark.parametrize("blank", ["", "   ", "\n\t", "\x00\x00"])
def test_blank_text_is_rejected(blank: str) -> None:
    with pytest.raises(InputRejected, match="blank"):
        clean_text(blank, "name")


def test_oversized_text_is_rejected_but_10kb_is_fine() -> None:
    assert clean_text("x" * 10_000, "text") == "x" * 10_000
    with pytest.raises(InputRejected, match="limit"):
        clean_text("x" * 200_000, "text")


def test_control_characters_cannot_cut_the_parameter_header() -> None:
    assert clean_text("a\x00b", "name") == "a b"


@pytest.mark.parametrize("name", ["Atlas", "  Payments   API ", "ZÜRICH Ops", "Fraud-check", "ß Straße"])
def test_exact_key_matches_the_ingest_name_key(name: str) -> None:
    from extraction.identity import name_key

    assert name_keys(name)[0] == name_key(name)


@pytest.mark.parametrize("given", [[], "geo-index", ["x"] * (MAX_NAMES + 1), [1, 2]])
def test_a_list_of_names_must_be_one_to_max_names_strings(given: object) -> None:
    with pytest.raises(QueryRejected):
        validate((ParamSpec("texts", "texts", "names"),), {"texts": given}, "q")


def test_a_list_of_names_is_cleaned_name_by_name() -> None:
    clean = validate((ParamSpec("texts", "texts", "names"),), {"texts": [" geo-index ", "a\x00b"]}, "q")
    assert clean == {"texts": ["geo-index", "a b"]}
