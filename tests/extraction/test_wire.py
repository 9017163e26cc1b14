"""A vector written ahead of time reaches the server as the text the falkordb client would have written for it."""

from __future__ import annotations

import math

from falkordb.helpers import stringify_param_value

from extraction.wire import Written, vector_text, written_vector


def test_a_vector_is_written_as_the_client_writes_a_list_of_floats() -> None:
    vector = [math.sin(n) / 3 for n in range(384)] + [0.0, -0.0, 1e-20, -2.5e-7]
    assert vector_text(vector) == stringify_param_value(vector)
    assert stringify_param_value(written_vector(vector)) == stringify_param_value(vector)


def test_rows_with_written_vectors_give_the_same_parameter_text_as_rows_with_lists() -> None:
    vectors: list[list[float] | None] = [[0.25, -1.0], None]
    rows = [{"id": "a", "text": 'say "hi"', "embedding": vectors[0]}, {"id": "b", "text": "", "embedding": vectors[1]}]
    written = [{**row, "embedding": written_vector(vector)} for row, vector in zip(rows, vectors, strict=True)]
    assert stringify_param_value({"rows": written}) == stringify_param_value({"rows": rows})


def test_no_vector_stays_null() -> None:
    assert written_vector(None) is None and stringify_param_value(written_vector(None)) == "null"
    assert str(Written("[1.0]")) == "[1.0]"
