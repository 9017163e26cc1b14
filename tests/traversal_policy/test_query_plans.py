"""Every fixed text is planned on index lookups, so its cost follows what it returns, not the size of the graph.

FalkorDB's plan (GRAPH.EXPLAIN) is load-independent: a label or all-node scan, or a hash join (which scans one side
to join two MATCHes on a property), reads every node of a label and grows with the corpus. The timings that
follow from these plans are measured by ``bench/query_plans.py`` and ``bench/scale.py``, never asserted here.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from extraction.evidence_reads import EVIDENCE_BY_IDS
from extraction.parse_store import READ_PARSES
from extraction.term_store import READ_TERMS
from tests.traversal_policy.fixture_graph import FixtureInfo
from traversal_policy.catalogue import CATALOGUE
from traversal_policy.search_words import COUNT_TEXTS

SCANNING_OPERATORS = ("All Node Scan", "Label Scan", "Hash Join")
_LIST_PARAMS = {"ids", "keys", "allowed", "walkable", "scope", "item_ids", "component_ids", "chunk_ids",
                "evidence_ids", "document_ids", "vectors", "incoming", "outgoing", "own_outgoing", "own_incoming",
                "words"}
TEXTS = {f"{q.name}.{key}": text for q in CATALOGUE.values() for key, text in q.cypher.items()}
TEXTS["evidence_reads.evidence_by_ids"] = EVIDENCE_BY_IDS
TEXTS["parse_store.read_parses"] = READ_PARSES
TEXTS["term_store.read_terms"] = READ_TERMS
TEXTS |= {f"search_words.count_{n}": COUNT_TEXTS[n - 1] for n in (1, len(COUNT_TEXTS))}
# The whole-corpus count reads every readable document, so reading every document is what it returns:
# scope_version runs once per answer (an aggregate over the documents' label; ~0.4 ms at Redwood's 141 documents).
# It is checked to scan the Document label only. (scope_passages reads a page of passages by the Passage.id index.)
WHOLE_CORPUS = {"scope_version.main"}
# scope_version's "stamp" reads the ingest stamp's label, which holds one node (extraction/ingest_stamp.py).
ONE_NODE_LABEL = {"scope_version.stamp": "Node By Label Scan | (stamp:IngestStamp)"}
# search_passages' exact vector text scores every passage: it runs only while the passage index holds at most
# traversal_policy.search.EXACT_VECTOR_MAX passages, so its scan is bounded by that, not by the corpus.
ONE_NODE_LABEL["search_passages.vector_passage_exact"] = "Node By Label Scan | (node:Passage)"


def _params(text: str) -> dict[str, Any]:
    """A value of the right shape for every parameter the text reads (a plan does not depend on the values)."""
    params: dict[str, Any] = {}
    for name in set(re.findall(r"\$(\w+)", text)):
        if name in ("limit", "pool", "keep", "k", "cap"):
            params[name] = 5
        elif name == "vector":
            params[name] = [0.0] * 384
        else:
            params[name] = [] if name in _LIST_PARAMS else "x"
    return params


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_no_fixed_text_scans_a_label_or_hash_joins(name: str, fixture_db: tuple[Any, FixtureInfo]) -> None:
    graph = fixture_db[0]
    plan = graph.explain(TEXTS[name], _params(TEXTS[name])).plan
    scanning = [line.strip() for line in plan if any(op in line for op in SCANNING_OPERATORS)]
    expected = ["Node By Label Scan | (d:Document)"] if name in WHOLE_CORPUS else \
        [ONE_NODE_LABEL[name]] if name in ONE_NODE_LABEL else []
    assert scanning == expected, \
        f"{name} scans: {scanning}"


def test_the_plan_check_sees_a_scan_when_there_is_one(fixture_db: tuple[Any, FixtureInfo]) -> None:
    """Two MATCHes joined on a property: the shape the fixed texts avoid with ``WITH``."""
    text = ("MATCH (e:Evidence) WHERE e.id IN $ids MATCH (d:Document {id: e.document_id}) RETURN d.id")
    plan = fixture_db[0].explain(text, {"ids": []}).plan
    assert any(op in line for line in plan for op in SCANNING_OPERATORS)


def test_the_whole_corpus_passage_page_reads_passages_once_not_once_per_document(
        fixture_db: tuple[Any, FixtureInfo]) -> None:
    """A page of ``scope_passages`` reads the Passage index once, as the plan's leaf. Under a Document read it ran
    once per document, each over the whole id range after the cursor: past the query timeout at 16x Redwood."""
    text = TEXTS["scope_passages.main"]
    plan = [line for line in fixture_db[0].explain(text, _params(text)).plan if line.strip()]
    passage_reads = [line for line in plan if "(p:Passage)" in line]
    assert passage_reads == [plan[-1]], plan
