"""CLI commands for the verifier: ``zehn verify-draft`` and ``zehn grade-hop``.

The only module of the verifier that does I/O: it reads files, loads the spaCy model and prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from verify.citation_gate import check_draft
from verify.grades import HopInput, HopKind
from verify.hop_grader import grade_hop
from verify.lexicon import REL_TYPES
from verify.verdicts import Answered, Refused, verdict_to_dict


def load_evidence(path: Path) -> dict[str, str]:
    """Read a JSON list of ``{id, text, ...}`` objects into ``{id: text}``; raises ``typer.BadParameter``."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise typer.BadParameter(f"cannot read evidence file {path}: {exc}") from exc
    if not isinstance(data, list):
        raise typer.BadParameter("the evidence file must hold a JSON list of {id, text} objects")
    evidence: dict[str, str] = {}
    for number, item in enumerate(data):
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or not isinstance(
                item.get("text"), str):
            raise typer.BadParameter(f"evidence item {number} needs string fields 'id' and 'text'")
        if item["id"] in evidence and evidence[item["id"]] != item["text"]:
            raise typer.BadParameter(f"evidence id {item['id']} appears twice with different text")
        evidence[item["id"]] = item["text"]
    return evidence


def load_model() -> Any:
    """The same spaCy pipeline ingest and the answering loop use, so a hop grades the same everywhere."""
    from extraction.nlp import load_nlp

    return load_nlp()


def verify_draft(
    draft: Annotated[Path, typer.Option("--draft", help="text file with the draft answer")],
    evidence: Annotated[Path, typer.Option("--evidence", help="JSON list of {id, text} returned this turn")],
    as_json: Annotated[bool, typer.Option("--json", help="print the verdict as JSON")] = False,
) -> None:
    """Run the citation gate on a draft answer."""
    try:
        text = draft.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise typer.BadParameter(f"cannot read draft file {draft}: {exc}") from exc
    verdict = check_draft(text, load_evidence(evidence))
    payload = verdict_to_dict(verdict)
    if as_json:
        typer.echo(json.dumps(payload, ensure_ascii=False))
        return
    typer.echo(f"{payload['status']}: {payload['reason']}")
    if isinstance(verdict, Refused):
        for item in verdict.offending:
            typer.echo(f"  offending: {item}")
    if isinstance(verdict, Answered):
        typer.echo(f"  citations: {', '.join(verdict.citations)}")
        for weak in verdict.weak:
            typer.echo(f"  weakly supported: {weak.evidence_id} for {weak.claim!r}")


def grade_hop_command(
    sentence: Annotated[str, typer.Option("--sentence", help="the evidence sentence or metadata line")],
    subject: Annotated[str, typer.Option("--subject")],
    obj: Annotated[str, typer.Option("--object")],
    rel_type: Annotated[str, typer.Option("--rel-type", help=", ".join(REL_TYPES))],
    kind: Annotated[str, typer.Option("--kind", help="sentence | metadata")] = "sentence",
    evidence_id: Annotated[str, typer.Option("--evidence-id")] = "ev_cli",
    as_json: Annotated[bool, typer.Option("--json", help="print {grade, reasons} as JSON")] = False,
) -> None:
    """Grade one hop (subject, rel-type, object) against its evidence sentence."""
    rel = rel_type.strip().upper()
    if rel not in REL_TYPES:
        raise typer.BadParameter(f"unknown rel type {rel_type!r}; expected one of {', '.join(REL_TYPES)}")
    if kind not in ("sentence", "metadata"):
        raise typer.BadParameter("--kind must be 'sentence' or 'metadata'")
    hop_kind: HopKind = "metadata" if kind == "metadata" else "sentence"
    hop = HopInput(subject=subject, rel_type=rel, object=obj, evidence_id=evidence_id, sentence=sentence,
                   kind=hop_kind)
    graded = grade_hop(hop, load_model())
    if as_json:
        typer.echo(json.dumps({"grade": graded.grade, "reasons": list(graded.reasons)}))
    else:
        typer.echo(f"{graded.grade}: {', '.join(graded.reasons)}")


def register(app: typer.Typer) -> None:
    """Add ``verify-draft`` and ``grade-hop`` to the main ``zehn`` app."""
    app.command("verify-draft")(verify_draft)
    app.command("grade-hop")(grade_hop_command)
