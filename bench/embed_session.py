"""ONNX Runtime session settings for the answer's embeddings, side by side: the shipped session against variants.

    .venv/bin/python bench/embed_session.py --questions FILE [--half tune|check|all] [--rounds 5]

An answer embeds its question and its asks one text per forward pass (``LocalEmbedder.embed_each``), each cut to its
own length (no padding). Here every question of FILE is passed through each session, one per pass, as an answer
does; the sessions take turns round by round, so a busy machine slows all alike. Printed per session: whether its
piece vectors are bit-identical to the shipped session's, and its CPU and wall milliseconds per question (median of
the rounds) with the ratio to the shipped session's. The shipped settings are
``extraction.model_runtime.session_options``; each variant changes one of them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder, _model_path
from extraction.model_runtime import session_options
from extraction.onnx_export import INPUTS, exported_model
from zehn.evaluation.questions import load_questions
from zehn.evaluation.split import select


def variants() -> dict[str, Callable[[Any], None]]:
    """Each variant's one change to the shipped options (the first: none)."""
    import onnxruntime as ort

    def level(options: Any) -> None:
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED

    return {
        "shipped": lambda options: None,
        "no memory pattern": lambda options: setattr(options, "enable_mem_pattern", False),
        "no memory arena": lambda options: setattr(options, "enable_cpu_mem_arena", False),
        "extended optimisations": level,
        "no spinning": lambda options: options.add_session_config_entry("session.intra_op.allow_spinning", "0"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--half", choices=("tune", "check", "all"), default="tune")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import onnxruntime as ort

    embedder = LocalEmbedder()
    embedder.load()
    texts = [q.question for q in select(load_questions(args.questions), args.half)]
    ids = [np.array([row], np.int64) for row in embedder._tokenizer(texts, truncation=True,
                                                                     max_length=embedder.max_seq_length)["input_ids"]]
    path = str(exported_model(Path(_model_path())))
    sessions = {}
    for name, change in variants().items():
        options = session_options(1)
        change(options)
        sessions[name] = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])

    def run(session: Any, row: np.ndarray) -> np.ndarray:
        return np.asarray(session.run(None, dict(zip(INPUTS, (row, np.ones_like(row), np.zeros_like(row)),
                                                     strict=True)))[0])

    shipped = [run(sessions["shipped"], row) for row in ids]
    identical = {name: all(np.array_equal(run(s, row), ref) for row, ref in zip(ids, shipped, strict=True))
                 for name, s in sessions.items()}
    cpu: dict[str, list[float]] = {name: [] for name in sessions}
    wall: dict[str, list[float]] = {name: [] for name in sessions}
    for _ in range(args.rounds):
        for name, session in sessions.items():
            started, cpu_started = time.perf_counter(), time.thread_time()
            for row in ids:
                run(session, row)
            cpu[name].append((time.thread_time() - cpu_started) * 1000.0 / len(ids))
            wall[name].append((time.perf_counter() - started) * 1000.0 / len(ids))
    pieces = statistics.median(row.shape[1] for row in ids)
    print(f"{len(ids)} questions, median {pieces:.0f} word pieces, {args.rounds} rounds")
    print(f"{'session':<24} {'identical':>9} {'cpu ms':>7} {'ratio':>6} {'wall ms':>8} {'ratio':>6}")
    base_cpu, base_wall = statistics.median(cpu["shipped"]), statistics.median(wall["shipped"])
    for name in sessions:
        c, w = statistics.median(cpu[name]), statistics.median(wall[name])
        print(f"{name:<24} {'yes' if identical[name] else 'NO':>9} {c:>7.2f} {c / base_cpu:>6.3f} {w:>8.2f} "
              f"{w / base_wall:>6.3f}")


if __name__ == "__main__":
    main()
