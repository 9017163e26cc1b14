"""Stable decisions (issue 11): the same question over the same graph gets the same status and the same citations,
whatever was asked before it and whichever process asks it.

    PYTHONPATH=. .venv/bin/python bench/stability.py --corpus DIR --data-dir DIR --questions FILE [FILE ...]
        [--half tune] [--seed 7] [--out FILE] [--against FILE]

Over an ingested data dir (``zehn eval``'s graph of the corpus; nothing is ingested or written), one process asks
every question in file order, then again in a shuffled order (``--seed``; ``--shuffled-first`` swaps the two
passes, so each order also meets cold caches), and prints each question whose status,
cited documents or cited spans differ between the two passes. ``--out`` keeps the first pass's decisions;
``--against`` compares another process's with both of this one's passes (run the script twice: the second with
``--shuffled-first --against`` the first's ``--out``). The last line counts the differences: 0 is the goal.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from extraction.access import PUBLIC  # noqa: E402
from extraction.nlp import load_nlp  # noqa: E402
from traversal_policy import TraversalExecutor, load_policy, open_graph  # noqa: E402
from zehn.answers.model import Answer  # noqa: E402
from zehn.cli.common import graph_session  # noqa: E402
from zehn.evaluation.questions import load_questions  # noqa: E402
from zehn.evaluation.runner import eval_graph_name, make_zehn  # noqa: E402
from zehn.evaluation.split import select  # noqa: E402
from zehn.models import local_embedder  # noqa: E402
from zehn.settings import load_settings  # noqa: E402

Decision = dict[str, object]  # status, cited documents, cited spans (JSON-ready)


def _decision(answer: Answer) -> Decision:
    citations = answer.citations
    return {"status": answer.status, "documents": sorted({c.document_id for c in citations}),
            "spans": sorted([c.document_id, c.start, c.end] for c in citations)}


def _diff(label: str, a: dict[str, Decision], b: dict[str, Decision]) -> int:
    moved = 0
    for key in a:
        if key in b and a[key] != b[key]:
            moved += 1
            print(f"{label}: {key}\n  a {json.dumps(a[key])}\n  b {json.dumps(b[key])}")
    return moved


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--questions", type=Path, nargs="+", required=True)
    parser.add_argument("--half", default="tune")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--shuffled-first", action="store_true",
                        help="Ask the shuffled order first (cold) and file order second; --out keeps file order.")
    args = parser.parse_args()
    asked = [(f"{path.stem}:{q.id}", q.question) for path in args.questions
             for q in select(load_questions(path), args.half)]
    settings = load_settings(data_dir=args.data_dir)
    name = eval_graph_name(args.corpus)
    with graph_session(settings, False) as (endpoint, _graph):
        graph = open_graph(endpoint.host, endpoint.port, name, password=endpoint.password,
                           timeout_ms=settings.query_timeout_ms)
        nlp, embedder = load_nlp(), local_embedder(settings)
        executor = TraversalExecutor(graph, load_policy(settings.policy_file), embedder=embedder,
                                     timeout_ms=settings.query_timeout_ms)
        zehn = make_zehn("deterministic", executor, nlp, graph, settings, PUBLIC)
        shuffled = list(asked)
        random.Random(args.seed).shuffle(shuffled)
        orders = [shuffled, asked] if args.shuffled_first else [asked, shuffled]
        passes = [{key: _decision(zehn.answer(text)) for key, text in order} for order in orders]
        first, second = passes[::-1] if args.shuffled_first else passes
    moved = _diff("order", first, second)
    if args.against is not None:
        other = json.loads(args.against.read_text())
        moved += _diff("process", other, first) + _diff("process (shuffled pass)", other, second)
    if args.out is not None:
        args.out.write_text(json.dumps(first, indent=1))
    print(f"{len(asked)} questions, {moved} differences")


if __name__ == "__main__":
    main()
