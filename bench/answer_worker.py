"""One side of bench/answers.py's ``--base`` run: answers questions through the HTTP API of the tree on PYTHONPATH.

    PYTHONPATH=TREE python bench/answer_worker.py --url URL --graph NAME --data-dir DIR

Started by bench/answers_ab.py once per tree (this checkout and a base worktree), both on the graph of one FalkorDB
server. It imports only what every tree has (settings, services, the app), loads the models, asks one warm-up
question, prints ``ready``, then answers one question per stdin line (JSON ``{"question": ...}``) with one JSON
line: wall and CPU ms, FalkorDB's summed run time, and the answer's status, text and citations (for the
"answers unchanged" check). This file does not put its own checkout on ``sys.path``: the code measured is
the tree the driver names.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

# Run as a script, this file's folder is sys.path[0], and bench/extraction.py would shadow the extraction package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--graph", required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--warm", required=True, help="The warm-up question (not timed).")
    args = parser.parse_args()
    from fastapi.testclient import TestClient

    from zehn.api.app import create_app
    from zehn.api.runtime import open_services
    from zehn.settings import load_settings

    settings = load_settings(data_dir=args.data_dir, graph_name=args.graph, falkordb_url=args.url)
    with open_services(settings) as services, \
            TestClient(create_app(services, frontend_dir=None), base_url="http://127.0.0.1") as client:
        warm = client.post("/api/answers", json={"question": args.warm})
        if warm.status_code != 200:
            raise SystemExit(f"the API refused the warm-up question ({warm.status_code}): {warm.text}")
        print("ready", flush=True)
        for line in sys.stdin:
            question = json.loads(line)["question"]
            started, cpu_started = time.perf_counter(), time.process_time()
            response = client.post("/api/answers", json={"question": question})
            wall = (time.perf_counter() - started) * 1000.0
            cpu = (time.process_time() - cpu_started) * 1000.0
            if response.status_code != 200:
                raise SystemExit(f"the API refused {question!r} ({response.status_code}): {response.text}")
            body = response.json()
            print(json.dumps({
                "wall_ms": wall, "cpu_ms": cpu,
                "db_ms": sum(q.get("run_time_ms") or 0.0 for q in body.get("queries", [])),
                "status": body.get("status"), "text": body.get("text"),
                "citations": [(c["evidence_id"], c["text"]) for c in body.get("citations", [])],
            }), flush=True)


if __name__ == "__main__":
    main()
