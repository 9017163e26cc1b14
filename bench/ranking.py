"""Where retrieval ranks a question's gold document, for every answerable question with one (no answer drafted).

    .venv/bin/python bench/ranking.py --corpus DIR --data-dir DIR [--questions FILE ...]
        [--half tune] [--json] [--misses]

An answer's cited-document precision and facts move only where the answer turns on which document ranks first,
and then only after binding, gates and composing had their say: a ranking change shows on few questions, mixed with
everything else. This reads the ranking itself. Over an ingested data dir (``zehn eval``'s graph of the corpus;
nothing is ingested or written), each question runs the answer's first three stages as the deterministic pipeline
does (analyse, resolve, retrieve's document reads and ranking, :func:`zehn.agent.retrieve.documents`) and then the
answer's own document order (:func:`zehn.agent.documents.ranked` over the kept documents), asked as a reader without
a token. A question whose subject a graph walk would answer is ranked anyway: every question contributes.

The order scored: the documents ``ranked`` keeps (eligible ones, in its order), then the kept documents it judged
unable to answer, then the rest of the read documents in retrieval order. A question's rank is its best-ranked gold
document's. Printed per set and overall: recall@1, recall@3, recall@5 (the documents an answer reads), MRR, and
how many gold documents were not read at all (not among the documents the search found: rank 0 in the MRR).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

from extraction.access import PUBLIC  # noqa: E402
from extraction.nlp import load_nlp  # noqa: E402
from traversal_policy import TraversalExecutor, load_policy, open_graph  # noqa: E402
from zehn.agent.analyse import analyse  # noqa: E402
from zehn.agent.dispatch import Dispatcher  # noqa: E402
from zehn.agent.documents import ranked  # noqa: E402
from zehn.agent.events import Turn  # noqa: E402
from zehn.agent.party_demands import party_demand  # noqa: E402
from zehn.agent.resolve import Subjects, resolve  # noqa: E402
from zehn.agent.retrieve import DOCUMENTS, Retrieved, documents  # noqa: E402
from zehn.agent.service import AnswerService  # noqa: E402
from zehn.cli.common import graph_session  # noqa: E402
from zehn.evaluation.questions import Question, as_read_by, load_questions  # noqa: E402
from zehn.evaluation.runner import eval_graph_name  # noqa: E402
from zehn.evaluation.split import select  # noqa: E402
from zehn.models import local_embedder  # noqa: E402
from zehn.settings import load_settings  # noqa: E402

# Our own sets over the corpus; the corpus's own question files sit beside its documents' folder (default_sets).
OWN_SETS = tuple(Path("bench/data") / f"redwood_{s}.jsonl" for s in
                 ("graph2", "graph3", "graph_own", "facts2", "nearmiss", "facts3", "facts4", "facts5", "facts6",
                  "facts7", "facts8", "facts9", "nearmiss2", "para", "para2", "para3"))
READ_ALL = 1000  # every document the search read is kept for the order (the answer keeps DOCUMENTS of them)


@dataclass(frozen=True)
class Ranked:
    set: str
    id: str
    rank: int  # 1-based; 0 when no gold document was read
    first: str  # the document ranked first ("" when none was read)
    gold: tuple[str, ...]


def order(service: AnswerService, text: str) -> list[str]:
    """The documents in the order an answer would read them (see the module's docstring)."""
    dispatcher = Dispatcher(service.executor.scoped(PUBLIC, indexes=service.indexes), Turn(None, None), payloads=False,
                            corpus=service.corpus)
    service.similarity.start([text])
    analysis = analyse(text, service.nlp)
    subjects = resolve(analysis, dispatcher)
    if (demand := party_demand(analysis, subjects)) is not None:
        analysis, subjects = demand, Subjects()
    views, vectors = documents(analysis, subjects if isinstance(subjects, Subjects) else Subjects(), dispatcher,
                               service.similarity, READ_ALL)
    kept = views[:DOCUMENTS]
    judged = ranked(analysis, Retrieved((), kept, vectors), service.similarity)
    first = [j.view.info.id for j in judged] if not isinstance(judged, str) else []
    return list(dict.fromkeys([*first, *(v.info.id for v in views)]))


def default_sets(corpus: Path) -> list[Path]:
    """The corpus's question files found beside its documents' folder, then our own sets."""
    own = [corpus.parent / n for n in ("questions.jsonl", "graph_questions.jsonl") if (corpus.parent / n).exists()]
    return [*own, *OWN_SETS]


def answerable(questions: list[Question]) -> list[Question]:
    """The questions a reader without a token should answer, that name a gold document."""
    return [q for q in as_read_by(questions, "public") if q.answerable and q.gold_doc_ids]


def figures(rows: list[Ranked]) -> dict[str, float | int]:
    n = len(rows)
    if not n:
        return {"questions": 0}

    def at(k: int) -> float:
        return round(sum(0 < r.rank <= k for r in rows) / n, 3)
    return {"questions": n, "recall@1": at(1), "recall@3": at(3), "recall@5": at(DOCUMENTS),
            "mrr": round(sum(1 / r.rank for r in rows if r.rank) / n, 3),
            "not_read": sum(r.rank == 0 for r in rows)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", type=Path, required=True, help="The documents' folder the data dir ingested.")
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--questions", type=Path, nargs="+", action="extend", default=None,
                        help="Question files (default: the corpus's beside its folder, then bench/data's own).")
    parser.add_argument("--half", default="tune", choices=("tune", "check", "all"))
    parser.add_argument("--json", action="store_true", help="Print one JSON object (figures and every question).")
    parser.add_argument("--misses", action="store_true", help="Print each question whose gold is not ranked first.")
    args = parser.parse_args()
    settings = load_settings(data_dir=args.data_dir)
    rows: list[Ranked] = []
    with graph_session(settings, False) as (endpoint, _graph):
        graph = open_graph(endpoint.host, endpoint.port, eval_graph_name(args.corpus), password=endpoint.password,
                           timeout_ms=settings.query_timeout_ms)
        embedder = local_embedder(settings)
        executor = TraversalExecutor(graph, load_policy(settings.policy_file), embedder=embedder,
                                     timeout_ms=settings.query_timeout_ms)
        service = AnswerService(executor, load_nlp(), graph)
        for path in args.questions or default_sets(args.corpus):
            name = path.stem.removeprefix("redwood_")
            for q in answerable(select(load_questions(path), args.half)):
                got = order(service, q.question)
                ranks = [got.index(d) + 1 for d in q.gold_doc_ids if d in got]
                rows.append(Ranked(name, q.id, min(ranks, default=0), got[0] if got else "", q.gold_doc_ids))
    sets = list(dict.fromkeys(r.set for r in rows))
    table = {s: figures([r for r in rows if r.set == s]) for s in sets} | {"overall": figures(rows)}
    if args.json:
        print(json.dumps({"half": args.half, "sets": table, "questions": [r.__dict__ for r in rows]}, indent=1))
        return
    print(f"{'set':<12} {'n':>4} {'r@1':>6} {'r@3':>6} {'r@5':>6} {'mrr':>6} {'unread':>6}")
    for s, f in table.items():
        print(f"{s:<12} {f['questions']:>4} {f.get('recall@1', 0):>6} {f.get('recall@3', 0):>6} "
              f"{f.get('recall@5', 0):>6} {f.get('mrr', 0):>6} {f.get('not_read', 0):>6}")
    if args.misses:
        for r in rows:
            if r.rank != 1:
                print(f"{r.set}:{r.id} rank {r.rank} first {r.first} gold {','.join(r.gold)}")


if __name__ == "__main__":
    main()
