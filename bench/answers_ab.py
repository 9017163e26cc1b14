"""This checkout against a base worktree, on the same graph, question by question alternately, in one run.

    .venv/bin/python bench/answers.py --base DIR --corpus DIR --questions FILE [--data-dir DIR] [--graph NAME]
        [--half tune|check|all] [--rounds N] [--json]

One embedded FalkorDB holds the graph (``--graph``, default bench/answers.py's ``bench_<hash>``; the corpus is
ingested into it first, documents already there skipped). Two worker processes (bench/answer_worker.py), one per
tree, each with that tree on PYTHONPATH and its own models, answer through the HTTP API; the driver hands each
question to one then the other (the order flips every question, so neither side always runs first on a warm
server) and takes each side's wall, CPU and FalkorDB ms. Only one side runs at a time.

Printed per side: p50/p95 wall, FalkorDB run time, overhead (wall - db per question) and CPU per answer, the
summed CPU of all answers (steadier than a median on a busy machine), the overhead and CPU of first asks (round 1)
and of asks again (later rounds) apart, and the ratios this/base. It also compares
the answers: status, cited evidence ids and their text, and the answer text, question by question; every
difference is listed by question id (first round only; later rounds time the same questions again).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from zehn.evaluation.metrics import percentile

HERE = Path(__file__).resolve().parents[1]


@dataclass
class Side:
    name: str
    tree: Path
    proc: subprocess.Popen[str]
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    db: list[float] = field(default_factory=list)

    def ask(self, question: str) -> dict[str, Any]:
        stdin, stdout = self._pipes()
        stdin.write(json.dumps({"question": question}) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} worker ({self.tree}) stopped; see its stderr above")
        got: dict[str, Any] = json.loads(line)
        self.wall.append(got["wall_ms"])
        self.cpu.append(got["cpu_ms"])
        self.db.append(got["db_ms"])
        return got

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        return self.proc.stdin, self.proc.stdout

    def figures(self, first: int) -> dict[str, float | None]:
        """The figures of all answers, then the overhead and CPU of the first round's (``first`` answers: each
        question's first ask, nothing kept from an earlier ask of it) and of the later rounds' (asked again: the
        kept analyses and vectors answer them) apart."""
        over = [w - d for w, d in zip(self.wall, self.db, strict=True)]
        return {"wall_p50": _p(self.wall, 50), "wall_p95": _p(self.wall, 95), "db_p50": _p(self.db, 50),
                "overhead_p50": _p(over, 50), "overhead_p95": _p(over, 95), "cpu_p50": _p(self.cpu, 50),
                "cpu_p95": _p(self.cpu, 95), "cpu_total": round(sum(self.cpu), 1),
                "first_overhead_p50": _p(over[:first], 50), "first_cpu_p50": _p(self.cpu[:first], 50),
                "again_overhead_p50": _p(over[first:], 50), "again_cpu_p50": _p(self.cpu[first:], 50)}


def _p(values: list[float], q: float) -> float | None:
    value = percentile(values, q)
    return None if value is None else round(value, 1)


def _start(name: str, tree: Path, url: str, graph: str, data_dir: Path, warm: str) -> Side:
    python = tree / ".venv" / "bin" / "python"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = subprocess.Popen(
        [str(python), str(HERE / "bench" / "answer_worker.py"), "--url", url, "--graph", graph,
         "--data-dir", str(data_dir), "--warm", warm],
        cwd=tree, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    side = Side(name, tree, proc)
    first = side._pipes()[1].readline()
    if first.strip() != "ready":
        raise SystemExit(f"the {name} worker ({tree}) did not start: {first!r}")
    return side


def _view(answer: dict[str, Any]) -> tuple[Any, ...]:
    return answer["status"], [tuple(c) for c in answer["citations"]], answer["text"]


def run(base: Path, url: str, graph: str, work: Path, asked: list[tuple[str, str]], rounds: int,
        base_graph: str | None = None) -> dict[str, Any]:
    """Both trees answer ``asked`` ((id, question) pairs) alternately; their figures and the answers that differ.
    ``base_graph``: the graph the base reads (default ``graph``), for a change that the ingest makes too."""
    (work / "this").mkdir(parents=True, exist_ok=True)
    (work / "base").mkdir(parents=True, exist_ok=True)
    this = _start("this", HERE, url, graph, work / "this", asked[0][1])
    other = _start("base", base, url, base_graph or graph, work / "base", asked[0][1])
    differ: list[dict[str, Any]] = []
    statuses: dict[str, int] = {}
    try:
        for r in range(rounds):
            for n, (qid, question) in enumerate(asked):
                order = (this, other) if (n + r) % 2 == 0 else (other, this)
                got = {side.name: side.ask(question) for side in order}
                if r == 0:
                    status = str(got["this"]["status"])
                    statuses[status] = statuses.get(status, 0) + 1
                    if _view(got["this"]) != _view(got["base"]):
                        differ.append({"id": qid, "this": _view(got["this"]), "base": _view(got["base"])})
    finally:
        for side in (this, other):
            if side.proc.stdin is not None:
                side.proc.stdin.close()
            side.proc.wait(timeout=60)
    a, b = this.figures(len(asked)), other.figures(len(asked))
    ratios = {k: round(a[k] / b[k], 2) if a[k] and b[k] else None for k in a}  # type: ignore[operator]
    return {"questions": len(asked), "rounds": rounds, "statuses": statuses, "this": a, "base": b,
            "ratio_this_to_base": ratios, "answers_differ": differ}


def show(result: dict[str, Any], base: Path) -> None:
    print(f"{result['questions']} questions x {result['rounds']} rounds, alternately; statuses (this) "
          f"{result['statuses']}")
    print(f"{'':<16} {'this':>9} {'base':>9} {'ratio':>7}   (base: {base})")
    for key in result["this"]:
        print(f"{key:<16} {result['this'][key]!s:>9} {result['base'][key]!s:>9} "
              f"{result['ratio_this_to_base'][key]!s:>7}")
    print(f"answers that differ (status, cited ids and text, answer text): {len(result['answers_differ'])}")
    for d in result["answers_differ"]:
        print(f"  {d['id']}:\n    this {d['this']}\n    base {d['base']}")
    sys.stdout.flush()
