"""Change reviews end to end on a real FalkorDB over documents written here: merged radars with their hops, how
each entity was matched, diffs whose paths match nothing, documents picked by key or URL, and the HTTP API
(stored behind the write token, permalink, Markdown, preview without a token)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from spacy.language import Language

from extraction.embeddings import LocalEmbedder
from extraction.errors import InputRejected
from extraction.pipeline import Ingestor
from tests.zehn.api.conftest import build_services
from zehn.access import TokenStore
from zehn.api import Services, create_app
from zehn.api.errors import NotFound
from zehn.review.markdown import render
from zehn.review.service import ChangeReviewer

ARCHITECTURE = """# Platform architecture

The billing-api service depends on the ledger-db service.
The invoice-worker service depends on the billing-api service.
The reporting-ui service depends on the invoice-worker service.
The search-api service depends on the geo-tiles service.
The Payments team owns the ledger-db service.
The Maps team owns the geo-tiles service.
Incidents on ledger-db page the payments on-call rotation first.
"""
TICKET = """---
id: "ticket-pay-7"
source_type: "jira"
title: "Ledger writes time out under load"
original_path: "exports/jira/PAY/PAY-7.json"
source_metadata:
  "key": "PAY-7"
  "components": ["ledger-db"]
---

Raising the write timeout of ledger-db should stop the billing-api errors.
"""
PULL_REQUEST = """---
id: "pr-acme-tiles-12"
source_type: "github"
title: "Warm geo-tiles before switching"
original_path: "exports/github/acme/tiles/pull/12.json"
source_metadata:
  "repo": "acme/tiles"
  "number": "12"
---

This pull request warms the geo-tiles cache before traffic moves.
"""


@pytest.fixture(scope="module")
def services(falkordb_server: Any, tmp_path_factory: pytest.TempPathFactory, nlp: Language,
             embedder: LocalEmbedder) -> Iterator[Services]:
    docs = tmp_path_factory.mktemp("review_docs")
    for name, text in {"architecture.md": ARCHITECTURE, "ticket.md": TICKET, "pr.md": PULL_REQUEST}.items():
        (docs / name).write_text(text)
    name = f"review_{uuid.uuid4().hex[:8]}"
    ingestor = Ingestor("127.0.0.1", falkordb_server.port, name, nlp=nlp, embedder=embedder)
    assert ingestor.ingest([docs]).documents == 3
    yield build_services(falkordb_server.port, name, None, embedder, nlp=nlp)
    with contextlib.suppress(redis.RedisError):
        ingestor.graph.delete()


def test_a_pr_touching_two_services_merges_both_radars_with_their_hops(services: Services) -> None:
    review = ChangeReviewer(services).review(
        "This PR changes the retry logic in ledger-db and the tile cache of geo-tiles.")
    touched = {m.name: (m.kind, m.system, m.impact) for m in review.matches}
    assert touched["ledger-db"] == ("exact", True, "found") and touched["geo-tiles"] == ("exact", True, "found")
    hops = {a.name: (a.hops, sorted(a.reached_from)) for a in review.affected}
    ledger, tiles = (next(m.entity_id for m in review.matches if m.name == n) for n in ("ledger-db", "geo-tiles"))
    assert hops["billing-api"] == (1, [ledger]) and hops["invoice-worker"] == (2, [ledger])
    assert hops["search-api"] == (1, [tiles]) and "reporting-ui" not in hops  # three hops away, depth 2
    groups = {g.hops: {review.affected[[a.entity_id for a in review.affected].index(i)].name for i in g.entity_ids}
              for g in review.by_hop}
    assert groups == {1: {"billing-api", "search-api"}, 2: {"invoice-worker"}}
    assert all(a.grade == "source_backed" and not a.inferred_only for a in review.affected)
    owners = {(o.entity_id, (o.owner_name or "").split()[0]) for o in review.owners}
    assert {(ledger, "Payments"), (tiles, "Maps")} <= owners
    assert [review.evidence[o.evidence_id].text for o in review.on_call] == [
        "Incidents on ledger-db page the payments on-call rotation first."]
    cited = {i for a in review.affected for p in a.paths for h in p.hops for i in h.evidence_ids}
    assert cited and cited <= set(review.evidence)
    for quote in review.evidence.values():  # every quote is a verbatim sentence of its document
        assert quote.text in ARCHITECTURE + TICKET + PULL_REQUEST


def test_deeper_reviews_reach_further(services: Services) -> None:
    review = ChangeReviewer(services).review("Only ledger-db changes.", depth=3)
    assert {a.name: a.hops for a in review.affected}["reporting-ui"] == 3


def test_a_diff_whose_paths_match_no_entity_says_so(services: Services) -> None:
    diff = ("diff --git a/tools/format/pretty.py b/tools/format/pretty.py\n--- a/tools/format/pretty.py\n"
            "+++ b/tools/format/pretty.py\n@@ -1,3 +1,4 @@\n+def prettify_rows(rows):\n+    return rows\n")
    review = ChangeReviewer(services).review(diff)
    assert review.input.kind == "diff" and review.matches == [] and review.affected == []
    [lost] = [g for g in review.gaps if g.kind == "file_unmatched"]
    assert lost.subjects == ["tools/format/pretty.py"]
    assert review.input.files[0].matched == [] and review.input.files[0].symbols == ["prettify_rows"]


def test_a_diff_path_and_an_alias_are_matched_and_say_how(services: Services) -> None:
    diff = ("Bump the geo_tiles cache size.\n\ndiff --git a/services/ledger-db/settle.py "
            "b/services/ledger-db/settle.py\n--- a/services/ledger-db/settle.py\n+++ b/services/ledger-db/settle.py\n"
            "@@ -1,2 +1,2 @@\n-LIMIT = 3\n+LIMIT = 5\n")
    review = ChangeReviewer(services).review(diff)
    kinds = {m.name: (m.kind, m.surface, m.where) for m in review.matches}
    assert kinds["ledger-db"] == ("path", "ledger-db", "services/ledger-db/settle.py")
    assert kinds["geo-tiles"][:2] == ("alias", "geo_tiles")
    assert review.input.files[0].matched == [next(m.entity_id for m in review.matches if m.name == "ledger-db")]


def test_names_the_graph_does_not_know_are_listed_not_guessed(services: Services) -> None:
    review = ChangeReviewer(services).review("The quasar-relay service now feeds ledger-db.")
    assert [(u.surface, u.reason) for u in review.unmatched] == [("quasar-relay", "unknown")]
    assert any(g.kind == "unmatched" and g.subjects == ["quasar-relay"] for g in review.gaps)


def test_a_ticket_or_pull_request_is_picked_by_key_or_url(services: Services) -> None:
    reviewer = ChangeReviewer(services)
    by_key = reviewer.review(document="PAY-7")
    assert by_key.input.kind == "document" and by_key.input.document_id == "ticket-pay-7"
    assert {"ledger-db", "billing-api"} <= {m.name for m in by_key.matches}
    by_url = reviewer.review(document="https://git.example.com/acme/tiles/pull/12")
    assert by_url.input.document_id == "pr-acme-tiles-12" and "geo-tiles" in {m.name for m in by_url.matches}
    assert reviewer.review(document="acme/tiles#12").input.document_id == "pr-acme-tiles-12"
    with pytest.raises(NotFound):
        reviewer.review(document="PAY-404")
    with pytest.raises(InputRejected):
        reviewer.review("   ")


def test_the_markdown_cites_every_line(services: Services) -> None:
    review = ChangeReviewer(services).review("This PR changes ledger-db and quasar-relay.")
    text = render(review, "/change-reviews/cr_x")
    bullets = [line for line in text.splitlines() if line.startswith("- ")]
    for line in bullets:  # evidence ids with quotes, the change's own words, or the policy
        assert "`ev_" in line or "“" in line or "policy" in line, line
    assert "DEPENDS_ON ledger" not in text  # an extracted fact is never shown as a quote
    assert "“The billing\\-api service depends on the ledger\\-db service.”" not in text  # no needless escapes
    assert "“The billing-api service depends on the ledger-db service.”" in text


def test_the_api_stores_behind_the_write_token_and_serves_the_permalink(services: Services,
                                                                        tmp_path: Path) -> None:
    tokens = TokenStore(tmp_path)
    _record, token = tokens.create("reviewer")
    with TestClient(create_app(services, frontend_dir=None, tokens=tokens)) as client:
        body = {"text": "This PR changes ledger-db."}
        assert client.post("/api/change-reviews", json=body).status_code == 401
        preview = client.post("/api/change-reviews/preview", json=body)
        assert preview.status_code == 200 and preview.json()["id"] is None
        rendered = client.post("/api/change-reviews/markdown", json=preview.json())
        assert rendered.status_code == 200 and rendered.text.startswith("### ZEHN change review")
        made = client.post("/api/change-reviews", json=body, headers={"Authorization": f"Bearer {token}"})
        assert made.status_code == 200, made.text
        review_id = made.json()["id"]
        assert review_id.startswith("cr_")
        author = {"Authorization": f"Bearer {token}"}
        got = client.get(f"/api/change-reviews/{review_id}", headers=author)
        assert got.json()["matches"] == made.json()["matches"]
        assert client.get(f"/api/change-reviews/{review_id}").status_code == 404  # the author's, like an answer
        markdown = client.get(f"/api/change-reviews/{review_id}/markdown", headers=author)
        assert markdown.headers["content-type"].startswith("text/markdown") and "`ev_" in markdown.text
        listed = client.get("/api/change-reviews", headers=author).json()["reviews"]
        assert review_id in {r["id"] for r in listed}
        assert client.get("/api/change-reviews/cr_missing").status_code == 404
        sources = {d["id"]: d["kind"] for d in client.get("/api/change-reviews/sources").json()}
        assert sources == {"ticket-pay-7": "ticket", "pr-acme-tiles-12": "pull_request"}
        both = client.post("/api/change-reviews/preview", json={"text": "x", "document_id": "PAY-7"})
        assert both.status_code == 422
        unknown = client.post("/api/change-reviews/preview", json={"document_id": "PAY-404"})
        assert unknown.status_code == 404 and unknown.json()["kind"] == "not_found"
