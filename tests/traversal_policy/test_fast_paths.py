"""The fast paths of parameter checks and result conversion give what the item-by-item paths gave, and refuse
what they refused."""

from __future__ import annotations

import math

import pytest
from falkordb.helpers import stringify_param_value

from extraction.errors import QueryRejected
from traversal_policy.params import EMBEDDING_DIM, embedding_vector
from traversal_policy.runner import _plain, _shown_params, _wire


def test_a_vector_of_floats_is_taken_as_it_is() -> None:
    raw = [math.sin(n) for n in range(EMBEDDING_DIM)]
    assert embedding_vector(raw) == raw and embedding_vector(tuple(raw)) == raw
    assert embedding_vector(raw) is not raw  # a copy: the caller's list stays the caller's


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, True, "0.5", None])
def test_a_vector_with_one_bad_item_is_refused(bad: object) -> None:
    raw: list[object] = [0.1] * EMBEDDING_DIM
    raw[7] = bad
    with pytest.raises(QueryRejected):
        embedding_vector(raw)


def test_a_vector_of_ints_and_floats_is_converted_to_floats() -> None:
    raw: list[object] = [1] + [0.5] * (EMBEDDING_DIM - 1)
    out = embedding_vector(raw)
    assert out[0] == 1.0 and type(out[0]) is float


def test_a_list_of_scalars_converts_as_item_by_item() -> None:
    assert _plain([0.25, 1, "a", None, True]) == [0.25, 1, "a", None, True]
    assert _plain([b"x", 0.5]) == ["x", 0.5]  # bytes still decoded
    assert _plain([[0.1, 0.2], {"k": b"v"}]) == [[0.1, 0.2], {"k": "v"}]
    row = [0.1, 0.2]
    assert _plain(row) is not row


@pytest.mark.parametrize("value", [
    [math.sin(n) for n in range(EMBEDDING_DIM)],
    [[math.sin(n) for n in range(EMBEDDING_DIM)], [math.cos(n) for n in range(EMBEDDING_DIM)]],
    [0.0, -0.0, 1e-20, 2.5], [[0.0], [-0.0]], [1, 2.0], [True, 1.0], [[1.0], [2]], [], [[]], ["a", "b"], 0.5, None,
])
def test_a_parameter_is_written_as_the_client_writes_it(value: object) -> None:
    for _ in range(2):  # the second time from the written vectors kept
        assert stringify_param_value(_wire(value)) == stringify_param_value(value)


def test_vectors_equal_as_floats_but_not_as_text_are_written_apart() -> None:
    assert str(_wire([0.0, 1.0])) == "[0.0,1.0]" and str(_wire([-0.0, 1.0])) == "[-0.0,1.0]"


def test_shown_work_summarises_float_vectors_alone_or_listed_and_nothing_else() -> None:
    vector = [0.5] * EMBEDDING_DIM

    class Score(float):
        pass

    shown = _shown_params({"vector": vector, "vectors": [vector, vector], "ids": ["a"] * 9, "counts": list(range(9)),
                           "short": [0.5] * 8, "subclassed": [Score(0.5)] * 9, "mixed": [0.5] * 8 + [1]})
    assert shown["vector"] == f"<vector of {EMBEDDING_DIM} floats>"
    assert shown["vectors"] == f"<2 vectors of {EMBEDDING_DIM} floats>"
    assert shown["subclassed"] == "<vector of 9 floats>"  # a float subclass is a float, as item by item
    assert (shown["ids"], shown["counts"], shown["short"], shown["mixed"]) == (
        ["a"] * 9, list(range(9)), [0.5] * 8, [0.5] * 8 + [1])
