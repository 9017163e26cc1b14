"""The canonical spelling of an entity: of the slices of its chunks with its spelling key, the form its kind writes
(an identifier hyphen-joined, a proper name open), then a capitalised open one, then the most frequent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spacy.language import Language

from extraction.canonical_names import RULE, begin_writes, canonical_spelling, settle_entity_names, spelling_key
from extraction.embeddings import LocalEmbedder
from extraction.errors import ZehnError
from extraction.pipeline import Ingestor
from zehn.graph_server import EmbeddedFalkorDB


def test_the_most_frequent_spelling_wins_whatever_the_stored_name_or_chunk_order() -> None:
    texts = ["The billing  team owns it. Ask the Billing team.", "The Billing team approved."]
    assert canonical_spelling("billing team", texts) == "Billing team"
    assert canonical_spelling("BILLING TEAM", texts[::-1]) == "Billing team"


def test_a_capitalised_spelling_wins_over_a_more_frequent_handle() -> None:
    assert canonical_spelling("kevin", ["mail kevin@example.com or @kevin", "Kevin agreed."], "person") == "Kevin"


def test_a_hyphenated_identifier_keeps_its_form_beside_an_open_name_of_the_same_words() -> None:
    texts = ["The Relay Queue team paged.", "Restart the relay-queue pods.", "Relay Queue agreed."]
    for stored in ("relay-queue", "Relay Queue", "relay_queue"):  # whichever document graphrag-sdk wrote last
        assert canonical_spelling(stored, texts, "component") == "relay-queue"  # a component's name, not the team's
        assert canonical_spelling(stored, texts[::-1], "team") == "Relay Queue"


def test_entities_of_different_kinds_never_share_a_spelling_key() -> None:
    assert spelling_key("service", "Relay-Queue") == spelling_key("service", "relay_queue  ") == ("service",
                                                                                                    "relay queue")
    assert spelling_key("team", "Relay Queue") != spelling_key("service", "Relay Queue")
    assert spelling_key("", "-relay queue-")[1] == "-relay queue-"  # a hyphen at a word's edge is no break
    assert spelling_key("", "v2.8")[1] == "v2.8"  # a dot joins more than words (a version, a host): no break


def test_an_identifier_prefers_hyphen_then_snake_then_open_words_and_a_proper_name_the_reverse() -> None:
    texts = ["Sync Worker stalled.", "Sync Worker again.", "set sync_worker.threads", "see sync-worker"]
    assert canonical_spelling("sync worker", texts, "service") == "sync-worker"
    assert canonical_spelling("sync worker", texts[:3], "technology") == "sync_worker"
    assert canonical_spelling("sync worker", texts, "person") == "Sync Worker"
    assert canonical_spelling("sync-worker", texts[2:], "person") == "sync-worker"  # a handle, where nothing else


def test_a_joined_spelling_s_capital_says_nothing_its_count_decides() -> None:
    texts = ["Build-bot posted.", "build-bot: done", "build-bot: failed", "STAGING-EU is up"]
    assert canonical_spelling("Build-bot", texts, "component") == "build-bot"
    assert canonical_spelling("kim", ["mail kim@example.com or @kim", "@kim", "Kim agreed."], "person") == "Kim"


def test_a_slice_inside_a_longer_joined_word_is_no_spelling() -> None:
    texts = ["The edge-relay-queue box and relay-queue-v2 were slow.", "Relay Queue paged."]
    assert canonical_spelling("relay queue", texts, "component") == "Relay Queue"


def test_a_name_missing_from_its_chunks_has_no_spelling() -> None:
    assert canonical_spelling("Ledger", ["Nothing here.", ""]) is None
    assert canonical_spelling("   ", ["   "]) is None


def _write(folder: Path, doc_id: str, body: str) -> None:
    (folder / f"{doc_id}.md").write_text(f'---\nid: "{doc_id}"\nsource_type: "confluence"\ntitle: "{doc_id}"\n---\n\n'
                                         f"# Notes\n\n{body}\n")


def _names(graph: Any) -> dict[str, str]:
    return {str(i): str(n) for i, n in graph.ro_query("MATCH (n:__Entity__) RETURN n.id, n.name").result_set}


def _named(graph: Any, key: str) -> str:
    """The name of the one entity with this name key."""
    found = [n for n, k in graph.ro_query("MATCH (n:__Entity__) RETURN n.name, n.name_key").result_set if k == key]
    assert len(found) == 1, found
    return str(found[0])


def test_a_later_document_in_another_spelling_leaves_the_name_a_full_pass_chooses(ingestor: Ingestor,
                                                                                  tmp_path: Path) -> None:
    _write(tmp_path, "doc_one", "The Billing Team owns the Ledger service.")
    _write(tmp_path, "doc_two", "The Billing Team approved the Ledger rollout.")
    ingestor.ingest([tmp_path])
    assert _named(ingestor.graph, "billing") == "Billing"
    # graphrag-sdk writes this document's spelling; only its entities are settled after it
    _write(tmp_path, "doc_three", "The BILLING team owns the Relay queue.")
    assert ingestor.ingest([tmp_path]).documents == 1
    limited = _names(ingestor.graph)
    assert settle_entity_names(ingestor.graph) == 0  # a pass over every entity changes nothing
    assert _names(ingestor.graph) == limited and _named(ingestor.graph, "billing") == "Billing"


def test_an_ingest_settles_only_the_entities_its_documents_mention(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "doc_one", "The Billing Team owns the Ledger service.")
    ingestor.ingest([tmp_path])
    ingestor.graph.query("MATCH (n:__Entity__ {name_key: 'ledger'}) SET n.name = 'ledger'")  # by hand: not read
    _write(tmp_path, "doc_two", "The BILLING team owns the Relay queue.")
    ingestor.ingest([tmp_path])
    # one each: the code-point smallest; the untouched entity keeps its hand-set name, which a full pass would mend
    assert _named(ingestor.graph, "ledger") == "ledger" and _named(ingestor.graph, "billing") == "BILLING"


def test_writes_that_never_reached_their_settle_leave_every_entity_to_the_next_one(ingestor: Ingestor,
                                                                                   tmp_path: Path) -> None:
    _write(tmp_path, "doc_one", "The Billing Team owns the Ledger service.")
    ingestor.ingest([tmp_path])
    ingestor.graph.query("MATCH (n:__Entity__ {name_key: 'ledger'}) SET n.name = 'ledger'")
    assert begin_writes(ingestor.graph)  # settled; a run that stops here leaves the graph unsettled
    assert not begin_writes(ingestor.graph)
    _write(tmp_path, "doc_two", "The BILLING team owns the Relay queue.")
    ingestor.ingest([tmp_path])
    assert _named(ingestor.graph, "ledger") == "Ledger"
    state = ingestor.graph.ro_query("MATCH (s) WHERE s.spelling IS NOT NULL RETURN labels(s), s.spelling").result_set
    assert state == [[["IngestStamp"], RULE]]  # kept on the graph's one bookkeeping node
    assert begin_writes(ingestor.graph)


def test_a_rolled_back_document_leaves_no_spelling_of_its_own(falkordb_server: EmbeddedFalkorDB, graph_name: str,
                                                              nlp: Language, embedder: LocalEmbedder,
                                                              tmp_path: Path) -> None:
    def fail(step: str, doc_id: str) -> None:
        if step == "entities" and doc_id == "doc_two":
            raise ZehnError("stopped after the entities were written")

    assert falkordb_server.port is not None
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, graph_name, nlp=nlp, embedder=embedder, pause=fail)
    _write(tmp_path, "doc_one", "The Billing Team owns the Ledger service.")
    ingestor.ingest([tmp_path])
    _write(tmp_path, "doc_two", "The BILLING team owns the Relay queue.")
    assert ingestor.ingest([tmp_path]).rolled_back == 1
    # the failed write named the shared entity; its rollback removed the chunks that linked them
    assert _named(ingestor.graph, "billing") == "Billing"


def test_a_deleted_document_s_spelling_goes_with_it(ingestor: Ingestor, tmp_path: Path) -> None:
    _write(tmp_path, "doc_one", "The Billing Team owns the Ledger service.")
    _write(tmp_path, "doc_two", "The BILLING team owns the Relay queue. The BILLING team reviewed it.")
    ingestor.ingest([tmp_path])
    assert _named(ingestor.graph, "billing") == "BILLING"
    assert ingestor.delete("doc_two")
    assert _named(ingestor.graph, "billing") == "Billing"


def test_the_same_documents_written_in_two_orders_give_every_entity_the_same_name(ingestor: Ingestor,
                                                                                 tmp_path: Path) -> None:
    # A component and a team of the same words, each written open in one document and joined in another: graphrag-sdk
    # stores the last document's spelling; the settle after each ingest must leave names that order cannot change.
    bodies = {"doc_one": "The relay-queue component depends on the Ledger service. The Relay Queue team owns it.",
              "doc_two": "The Relay Queue component writes to the Ledger service. The relay-queue team owns it.",
              "doc_three": "The relay_queue component was restarted. The Relay-Queue team approved the Ledger rollout."}
    folders = []
    for doc_id, body in bodies.items():
        folders.append(tmp_path / doc_id)
        folders[-1].mkdir()
        _write(folders[-1], doc_id, body)
    named: list[set[tuple[str, str, str]]] = []
    for order in (folders, folders[::-1]):
        ingestor.graph.query("MATCH (n) DETACH DELETE n")
        for folder in order:  # one ingest each, so each settle reads only the entities its document names
            assert ingestor.ingest([folder]).documents == 1
        rows = ingestor.graph.ro_query("MATCH (n:__Entity__) RETURN n.id, n.name, n.name_key").result_set
        named.append({(str(i), str(n), str(k)) for i, n, k in rows})
    assert named[0] == named[1]
    assert {("component:relay-queue", "relay-queue", "relay-queue"),  # an identifier's form
            ("team:relay-queue", "Relay Queue", "relay queue")} <= named[0]  # a proper name's: two kinds, two names
