"""The OpenAPI spec and the behaviour agree: schemathesis drives the app (real answering service, sample graph)
with a fixed, small budget (derandomized: the same examples every run) and checks every response against the spec
(status codes documented, bodies valid, no 5xx, schema-valid input accepted, wrong methods 405)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from tests.zehn.api.conftest import build_services
from traversal_policy import TraversalExecutor
from zehn.agent import AnswerService
from zehn.api import create_app

EXAMPLES = 10
# "give entity or entity_id" cannot be said in OpenAPI 3.1 query parameters (no "one of" across parameters): the
# description says it, and a request with neither is a 422 that schemathesis would count as valid data refused.
# A change review's "text or document_id" is the same rule in a body (a oneOf there loses the properties' patterns
# in the generator).
ONE_OF_TWO = {"/api/impact", "/api/graph/neighborhood", "/api/people/departure", "/api/change-reviews",
              "/api/change-reviews/preview"}


@pytest.fixture
def contract_app(api_graph: tuple[int, str], embedder: LocalEmbedder, nlp: Language) -> Iterator[FastAPI]:
    def make(executor: TraversalExecutor, graph: Any) -> AnswerService:
        return AnswerService(executor, nlp, graph)

    yield create_app(build_services(api_graph[0], api_graph[1], make, embedder, nlp=nlp), frontend_dir=None)


def test_the_api_behaves_as_its_spec_says(contract_app: FastAPI) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", contract_app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        def check(case: Any) -> None:
            skip = [positive_data_acceptance] if case.operation.path in ONE_OF_TWO else []
            case.call_and_validate(excluded_checks=skip)

        check()
