"""The context read once per document: its topic, the teams its headings name, the section a line sits under."""

from __future__ import annotations

from pathlib import Path

from spacy.language import Language

from bench.extraction_written import document_text
from extraction.doc_context import DocumentContext, build_context
from extraction.loaders import load_file
from tests.extraction.test_prose_rules import read


def _context(nlp: Language, tmp_path: Path, title: str, body: str) -> DocumentContext:
    path = tmp_path / "doc.md"
    path.write_text(document_text(title, "", body), encoding="utf-8")
    return build_context(load_file(path, tmp_path), nlp)


def test_a_team_heading_groups_the_roster_under_it_by_the_whole_name(nlp: Language, tmp_path: Path) -> None:
    ctx = _context(nlp, tmp_path, "Team directory", "## Last Orders team\n\nMembers: Nadia Osei\n")
    at = ctx.document.text.index("Members")
    group = ctx.group_at(at)
    assert group is not None and group.name == "Last Orders"
    assert ctx.document.text[group.start : group.end] == "Last Orders"


def test_a_line_before_any_team_heading_has_no_group(nlp: Language, tmp_path: Path) -> None:
    ctx = _context(nlp, tmp_path, "Team directory", "Intro line.\n\n## Last Orders team\n\nMembers: Nadia Osei\n")
    assert ctx.group_at(ctx.document.text.index("Intro")) is None


def test_a_section_named_for_one_system_is_what_its_lines_are_about(nlp: Language, tmp_path: Path) -> None:
    ctx = _context(nlp, tmp_path, "Library systems", "## shelf-sync\n\n- Owner: Circulation team\n")
    about = ctx.about("topic", ctx.document.text.index("- Owner"))
    assert about is not None and about.name == "shelf-sync"


def test_a_title_naming_one_system_is_the_document_topic(nlp: Language, tmp_path: Path) -> None:
    ctx = _context(nlp, tmp_path, "Runbook: shelf-sync", "Restart it when it stalls.\n")
    assert ctx.topic is not None and ctx.topic.name == "shelf-sync"


def test_a_label_heading_scopes_the_list_under_it(nlp: Language, tmp_path: Path) -> None:
    ctx = _context(nlp, tmp_path, "Notes", "## Dependencies\n\n- loan-ledger\n")
    scope = ctx.scope_at(ctx.document.text.index("- loan-ledger"))
    assert scope is not None and scope.rule.rel_type == "DEPENDS_ON"


def test_a_labelled_store_line_belongs_to_the_system_a_dashed_title_clause_names(nlp: Language,
                                                                                 tmp_path: Path) -> None:
    found = read(nlp, tmp_path, "Upgrade failed during reindex — loan-ledger unavailable after the rollout",
                 "Environment\n- DB: Postgres (managed)\n")
    assert ("loan-ledger", "USES", "Postgres", "d") in found
