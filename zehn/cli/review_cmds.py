"""`zehn review FILE|-` (or `--document OPS-412`): review a change straight from the services (no HTTP), print it as
Markdown for a PR comment (or JSON with --json) and store it like an answer (its id is the permalink's).

Exit codes: 0 a review, 2 rejected input (blank, several documents named), 3 the graph is unavailable, 4 no such
document.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import Annotated

import typer

from zehn.cli.common import (
    EXIT_NOT_FOUND,
    EXIT_REJECTED,
    DataDirOpt,
    GraphOpt,
    JsonOpt,
    emit,
    exit_codes,
    fail,
    settings_from,
)


def _read(source: str, as_json: bool) -> str:
    if source == "-":
        return sys.stdin.read()
    path = Path(source)
    if not path.is_file():
        raise fail(f"no file {source!r} (give a file, or - for standard input)", EXIT_REJECTED, as_json, "rejected")
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot read {source!r}: {exc}", EXIT_REJECTED, as_json, "rejected") from exc


def review(
    source: Annotated[str | None, typer.Argument(help="A file holding the change (PR text, diff, note), or -.")] = None,
    document: Annotated[str | None, typer.Option("--document", "-d", help="A PR or ticket in the graph instead: "
                                                 "its id, key (OPS-412) or URL.")] = None,
    depth: Annotated[int, typer.Option("--depth", min=1, max=3, help="Impact hops, 1..3.")] = 2,
    as_of: Annotated[str | None, typer.Option("--as-of", help="Review against the graph as it stood then.")] = None,
    store: Annotated[bool, typer.Option("--store/--no-store", help="Keep it in the review history.")] = True,
    data_dir: DataDirOpt = None, graph: GraphOpt = None, as_json: JsonOpt = False,
) -> None:
    """Review a change: what it touches, what that affects (by hop), owners and on-call, what to re-read, and what
    the review cannot tell; every line cited."""
    from extraction.validity import parse_as_of
    from zehn.access import OPERATOR
    from zehn.api.errors import NotFound
    from zehn.api.runtime import open_services
    from zehn.review.markdown import render
    from zehn.review.service import ChangeReviewer
    from zehn.review.store import ReviewStore

    if not as_json:
        logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    if (source is None) == (document is None):
        raise fail("give a FILE (or -) or --document, not both", EXIT_REJECTED, as_json, "rejected")
    text = _read(source, as_json) if source is not None else None
    settings = settings_from(data_dir, graph)
    with exit_codes(as_json), open_services(settings) as opened:
        services = opened.for_caller(OPERATOR)  # the operator reads every document, as `zehn ask` does
        if services.monitor is not None:
            services.monitor.wait_ready(settings.ready_wait_s)
        moment = None if as_of is None else parse_as_of(as_of)
        try:
            result = ChangeReviewer(services).review(text, document=document, depth=depth, as_of=moment)
        except NotFound as exc:
            raise fail(str(exc), EXIT_NOT_FOUND, as_json, "not_found") from exc
        if store:
            result = ReviewStore(services.graph).save(result, services.caller)
    emit(result.model_dump(mode="json"), as_json, render(result))


def register(app: typer.Typer) -> None:
    app.command()(review)
