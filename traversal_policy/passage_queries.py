"""The passage queries of the catalogue (registered in :mod:`.catalogue`): search over passages (section blocks),
every passage of a few documents with distances to query vectors, passages that hold a name, and one document's
citable sentences. Fixed texts only; each reads through a ready document the caller may read.
"""

from __future__ import annotations

from extraction.ingest_stamp import READ_STAMP
from extraction.schema import ready_document, valid_at

from .named_query import READY_OWNER, ROW_LIMIT, NamedQuery, fulltext_head
from .params import MAX_DOCUMENTS, MAX_NAMES, MAX_VECTORS, ParamSpec

PASSAGE_READ_LIMIT = 500 * MAX_DOCUMENTS  # passages one document_passages call returns: 500 a document
# Passages one scope_passages page returns: a whole corpus comes in pages by passage id (a cursor), so no reply grows
# with the corpus (Redwood's ~2,400 passages are two pages; a page of 2,000 is ~1.5 MB of text).
SCOPE_PAGE = 2000
# Passages a page's head checks (scope_passages ``main_head``): twice a page, the full-text heads' factor
# (search.FULLTEXT_POOL): a page comes from the head unless over half of the next ids are not readable.
SCOPE_POOL = 2 * SCOPE_PAGE

_PASSAGE_COLUMNS = ("node.id AS id, node.document_id AS document_id, node.heading AS heading, "
                    "node.kind AS passage_kind, "
                    "node.start AS start, node.end AS end, score")
# passages_mentioning_each: each name of $queries (its position as ``i``) and its full-text matches.
_EACH_NAME = "UNWIND range(0, size($queries) - 1) AS i "
_NAME_MATCHES = "CALL db.idx.fulltext.queryNodes('Passage', $queries[i]) YIELD node, score "
DOCUMENT_ID = ParamSpec("document_id", "document_id", "a document id (from search_passages or an evidence row)")
PASSAGE_QUERIES: tuple[NamedQuery, ...] = (
    NamedQuery("search_passages", "Hybrid retrieval over passages (a section block: heading path + body, lists and "
               "tables whole): full-text and vector search fused with reciprocal-rank fusion.",
               (ParamSpec("text", "text", "words to look for"), ParamSpec("k", "k", "results, 1..50", False),
                ParamSpec("embedding", "embedding", "query vector (384 floats); else the executor's embedder",
                          False)),
               {"fulltext_passage": "CALL db.idx.fulltext.queryNodes('Passage', $query) YIELD node, score "
                                    + READY_OWNER + "RETURN " + _PASSAGE_COLUMNS + " ORDER BY score DESC, id "
                                    "LIMIT $limit",
                "fulltext_passage_head": fulltext_head("Passage") + READY_OWNER + "RETURN " + _PASSAGE_COLUMNS
                                         + " ORDER BY score DESC, id LIMIT $limit",
                "vector_passage": "CALL db.idx.vector.queryNodes('Passage', 'embedding', $limit, vecf32($vector)) "
                                  "YIELD node, score " + READY_OWNER + "RETURN " + _PASSAGE_COLUMNS +
                                  " ORDER BY score ASC, id LIMIT $keep",
                # vector_passage scored exactly: every passage's cosine distance (the index's own score, bit for
                # bit), the nearest $limit by (distance, id), then the same owner check and cut. The approximate
                # index can miss a near passage (1 of 176 tune questions at 1x: the exact 125th nearest was not
                # in a pool of 600), and which one it misses follows the order its nodes were inserted in.
                "vector_passage_exact": "WITH vecf32($vector) AS query MATCH (node:Passage) "
                                        "WHERE node.embedding IS NOT NULL "
                                        "WITH node, vec.cosineDistance(node.embedding, query) AS score "
                                        "ORDER BY score ASC, node.id LIMIT $limit " + READY_OWNER + "RETURN "
                                        + _PASSAGE_COLUMNS + " ORDER BY score ASC, id LIMIT $keep",
                # How many passages the vector index holds (its own count, no node read): what exact scoring costs.
                "vector_passage_size": "CALL db.indexes() YIELD label, info WHERE label = 'Passage' "
                                       "RETURN info.numDocuments AS indexed"}, 0),
    NamedQuery("document_passages", "Every passage of the given documents in order, with each document's title "
               "and dates, and each passage's cosine distance to the given query vectors.",
               (ParamSpec("document_ids", "document_ids",
                          f"1..{MAX_DOCUMENTS} document ids (from search_passages or evidence)"),
                ParamSpec("vectors", "embeddings", f"1..{MAX_VECTORS} query vectors (384 floats each)", False)),
               {"document": f"MATCH (d:Document) WHERE d.id IN $document_ids AND {ready_document('d')} "
                            "RETURN d.id AS id, d.title AS title, "
                            "d.source_type AS source_type, d.created AS created, d.updated AS updated ORDER BY id",
                # The query vectors are made float32 vectors once, not once per passage and vector (that
                # conversion was most of the query's run time: ~6 of ~7 ms for 8 documents and 8 vectors).
                # A document's first passage also carries its title and dates (one round trip, not two; on every
                # passage they were a third of the values the client decodes, one by one). "document" runs only
                # when no passage comes back, to say why, or when a document's first passage is not among them.
                "main": "WITH [v IN $vectors | vecf32(v)] AS query_vectors MATCH (d:Document) "
                        f"WHERE d.id IN $document_ids AND {ready_document('d')} WITH d, query_vectors "
                        "MATCH (p:Passage {document_id: d.id}) RETURN p.id AS id, p.document_id AS "
                        "document_id, p.heading AS heading, p.kind AS kind, p.start AS start, p.end AS end, "
                        "p.escaped AS escaped, p.text AS text, "
                        "[q IN query_vectors | vec.cosineDistance(p.embedding, q)] AS distances, "
                        "CASE WHEN p.index = 0 THEN {title: d.title, source_type: d.source_type, "
                        "created: d.created, updated: d.updated} END AS document "
                        f"ORDER BY p.document_id, p.index LIMIT {PASSAGE_READ_LIMIT}"}, 0),
    # document_passages' passages (same documents, same order, same limit) with their distances alone: for a reader
    # that kept the rest of each passage from an earlier document_passages under the graph's same version
    # (zehn/agent/passage_cache.py). Their text, headings and ids were most of the values the client decoded.
    NamedQuery("passage_distances", "The ids of the given documents' passages in document_passages' order, with each "
               "passage's cosine distance to the given query vectors.",
               (ParamSpec("document_ids", "document_ids", f"1..{MAX_DOCUMENTS} document ids"),
                ParamSpec("vectors", "embeddings", f"1..{MAX_VECTORS} query vectors (384 floats each)")),
               {"main": "WITH [v IN $vectors | vecf32(v)] AS query_vectors MATCH (d:Document) "
                        f"WHERE d.id IN $document_ids AND {ready_document('d')} WITH d, query_vectors "
                        "MATCH (p:Passage {document_id: d.id}) RETURN p.id AS id, "
                        "[q IN query_vectors | vec.cosineDistance(p.embedding, q)] AS distances "
                        f"ORDER BY p.document_id, p.index LIMIT {PASSAGE_READ_LIMIT}"}, 0, tool=False),
    NamedQuery("passages_mentioning", "Passages (with their text) that hold every word of a name: does any ready "
               "document mention it at all?", (ParamSpec("text", "text", "a name, e.g. billing-export"),),
               {"main": "CALL db.idx.fulltext.queryNodes('Passage', $query) YIELD node, score " + READY_OWNER +
                        "RETURN node.id AS id, node.document_id AS document_id, node.text AS text "
                        "ORDER BY score DESC, id LIMIT $limit",
                "main_head": fulltext_head("Passage") + READY_OWNER +
                             "RETURN node.id AS id, node.document_id AS document_id, node.text AS text "
                             "ORDER BY score DESC, id LIMIT $limit"}, 0),
    NamedQuery("passages_mentioning_each", "passages_mentioning for several names in one query: for each name (by "
               "its position in the list), the passages that hold every word of it.",
               (ParamSpec("texts", "texts", f"1..{MAX_NAMES} names, e.g. [billing-export, ENG-12]"),),
               # One full-text call per name (UNWIND), each name's passages in passages_mentioning's order (score,
               # then id) and cut to the same $limit: the same rows as one passages_mentioning per name.
               {"main": _EACH_NAME + _NAME_MATCHES + READY_OWNER +
                        "WITH i, node, score ORDER BY i, score DESC, node.id "
                        "WITH i, collect([node.id, node.document_id, node.text])[0..$limit] AS found "
                        "UNWIND range(0, size(found) - 1) AS at "
                        "RETURN i, at, found[at][0] AS id, found[at][1] AS document_id, found[at][2] AS text "
                        "ORDER BY i, at",
                # main's head (the full-text heads' rule, named_query.fulltext_head, per name): "main" checked the
                # owner of every match and collected every match's text before cutting each name to $limit, so a
                # common word (one of ~370 passages at 1x the Redwood corpus, ~5,900 at 16x) cost the whole corpus
                # (bench/query_plans.py at 16x: 1.17 M records for 41 questions; with the head 0.54 M, run time
                # 1,703 -> 270 ms, the same rows).
                # Here each name keeps its best $pool matches by (score, id) (a top-k sort), owners are checked for
                # those alone, and the readable ones are cut to $limit. One row per name, also a name with no match
                # (a subquery's aggregate always returns one): its kept rows (``found``) and how many matches its
                # pool held (``pooled``). A name with fewer than $limit rows whose pool was full may have missed a
                # readable match past the pool: the handler asks "main" again for such names alone.
                "main_head": _EACH_NAME + "CALL { WITH i " + _NAME_MATCHES +
                    "WITH node, score ORDER BY score DESC, node.id LIMIT $pool "
                    "RETURN collect([node, score]) AS best } "
                    "CALL { WITH best UNWIND best AS hit WITH hit[0] AS node, hit[1] AS score " + READY_OWNER +
                    "WITH node, score ORDER BY score DESC, node.id LIMIT $limit "
                    "RETURN collect([node.id, node.document_id, node.text]) AS found } "
                    "RETURN i, size(best) AS pooled, found ORDER BY i"}, 0),
    # What a whole-corpus word index is built from (zehn/agent/corpus_words.py): every passage the caller may read,
    # read once per graph version and scope. scope_version is that version: a cache compares it before each use.
    # "stamp" reads the graph's ingest stamp (extraction/ingest_stamp.py: one node every ingest, delete and
    # rollback moves in its own write), constant in the corpus; "main" (a graph written before the stamp) counts the
    # ready documents instead, every answer (16x Redwood, 2,400 documents: ~8 ms server time an answer).
    NamedQuery("scope_version", "The graph's ingest stamp, moved by every ingest, edit, delete and rollback; in a "
               "graph written before it, the number of ready documents the caller may read and the latest ingest "
               "stamp among them.", (),
               {"stamp": READ_STAMP,
                "main": f"MATCH (d:Document) WHERE {ready_document('d')} "
                        "RETURN count(d) AS documents, max(d.ingested_at) AS latest"}, 0, tool=False),
    NamedQuery("scope_passages", "Every passage (id, document id, text) of every ready document the caller may "
               f"read, by passage id, {SCOPE_PAGE} a page: pass the last id read as after for the next page.",
               (ParamSpec("after", "text", "the last passage id of the previous page (none: the first page)",
                          False),),
               # Passages first (one range read on Passage.id from the cursor on), each joined to its document by
               # Document.id. Documents first, FalkorDB folded the cursor into each document's Passage index read
               # (document_id AND id > $after): every document read the whole id range, ~35 ms a document on the
               # 16x Redwood graph (2,400 documents: past the 10 s query timeout). Same rows, order and limit.
               {"main": f"MATCH (p:Passage) WHERE p.id > $after AND {valid_at('p')} WITH p "
                        f"MATCH (d:Document {{id: p.document_id}}) WHERE {ready_document('d')} "
                        "RETURN p.id AS id, p.document_id AS document_id, p.text AS text "
                        f"ORDER BY id LIMIT {SCOPE_PAGE}",
                # main's head: "main" checks every passage after the cursor (its document, its validity) before it
                # keeps a page, so a corpus's pages cost its passage count squared over the page (16x Redwood: ~18
                # pages, each reading what is left of ~36,000 passages). The head checks only the next
                # SCOPE_POOL passage ids; when a page's worth of them is readable that is main's page (the rows
                # keep the id order), else the handler runs main (mostly the last page: what is left). The index
                # range scan still reads the rest of the ids each page: 16x Redwood, 1,180 -> 700 ms a corpus read.
                "main_head": f"MATCH (p:Passage) WHERE p.id > $after WITH p ORDER BY p.id LIMIT {SCOPE_POOL} "
                             f"WITH p WHERE {valid_at('p')} "
                             f"MATCH (d:Document {{id: p.document_id}}) WHERE {ready_document('d')} "
                             "RETURN p.id AS id, p.document_id AS document_id, p.text AS text "
                             f"ORDER BY id LIMIT {SCOPE_PAGE}"}, 0, tool=False),
    NamedQuery("document_sentences", "Every citable sentence and labelled line (Evidence) of one document, in "
               "order.", (DOCUMENT_ID,),
               {"main": f"MATCH (d:Document {{id: $document_id}}) WHERE {ready_document('d')} "
                        "MATCH (e:Evidence {document_id: $document_id}) RETURN e.id AS id, e.text AS text, "
                        "e.document_id AS document_id, e.start AS start, e.end AS end, e.kind AS kind "
                        f"ORDER BY e.start, e.end, e.id LIMIT {ROW_LIMIT * 10}"}, 0),
)
