"""Every Cypher text of the service that reads documents, chunks, evidence, edges or entities goes through the reader
fragments (the rules of tests/traversal_policy/visibility_rules.py), or is listed here with why it need not."""

from __future__ import annotations

import pytest

from extraction import document_lookup, evidence_reads
from tests.traversal_policy.visibility_rules import problems
from zehn import history
from zehn.api import document_reads
from zehn.mcp import resources
from zehn.people import cypher, handoff
from zehn.review import store as review_store

READS = {
    "evidence_by_ids": evidence_reads.EVIDENCE_BY_IDS, "all_evidence_ids": evidence_reads.ALL_EVIDENCE_IDS,
    "document_by_id": evidence_reads.DOCUMENT_BY_ID, "person_profiles": cypher.PERSON_PROFILES,
    "people_documents": cypher.DOCUMENTS, "conversations": cypher.CONVERSATIONS,
    "front_matter": cypher.DOCUMENT_FRONT_MATTER, "documents_with_text": cypher.DOCUMENTS_WITH_TEXT,
    "approval": handoff.APPROVAL, "history_list": history.LIST_ANSWERS, "history_get": history.GET_ANSWER,
    "list_documents": document_reads.LIST_DOCUMENTS, "count_documents": document_reads.COUNT_DOCUMENTS,
    "source_types": document_reads.SOURCE_TYPES, "documents_by_ids": document_reads.DOCUMENTS_BY_IDS,
    "mcp_documents": resources.LIST_DOCUMENTS,
    "archived_versions": evidence_reads.ARCHIVED_VERSIONS, "chunks_at": evidence_reads.CHUNKS_AT,
    "history_cited_now": history.CITED_NOW, "lookup_by_id": document_lookup.BY_ID,
    "lookup_by_path": document_lookup.BY_PATH, "lookup_by_metadata": document_lookup.BY_METADATA,
    "reviewable": document_lookup.REVIEWABLE, "reviews_list": review_store.LIST_REVIEWS,
    "review_get": review_store.GET_REVIEW,
}
# Proven not to read what a caller may not read:
NOT_READERS = {
    # the projection is built from documents everyone may read (zehn/people/projection.py rebuild)
    "ranked": cypher.RANKED, "collaborator": cypher.COLLABORATOR_CARD, "collaborations": cypher.COLLABORATIONS,
    # the latest ingest time and the projection's state: operator figures, no document's content
    "projection_state": cypher.PROJECTION_STATE,
}


@pytest.mark.parametrize(("name", "text"), sorted(READS.items()), ids=sorted(READS))
def test_every_service_read_goes_through_the_reader_filter(name: str, text: str) -> None:
    assert problems(text) == [], name


def test_what_is_exempt_reads_no_document_content() -> None:
    for name, text in NOT_READERS.items():
        assert not any(label in text for label in ("Chunk", "Evidence", "RELATES", "__Entity__", "d.text")), name
