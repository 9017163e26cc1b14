"""The per-request cost of the observability middleware (request id, latency histogram, JSON access log line),
measured side by side in one run.

    .venv/bin/python bench/metrics_overhead.py [--requests 4000] [--rounds 10]

Two FastAPI apps with the same trivial async route (``GET /items/{item_id}``, a small JSON body): one bare, one wrapped
in ``zehn.api.middleware.ObservabilityMiddleware`` (its own metrics registry; JSON logs formatted and written to
an in-memory stream, as ``zehn serve`` would write them to stderr). Requests go through httpx's ASGI transport (no
socket), in interleaved blocks so drift hits both alike. A trivial route is the worst case for the ratio; the
absolute overhead in microseconds is what a real request pays on top of its own work.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import httpx
from fastapi import FastAPI

from zehn.api.middleware import ObservabilityMiddleware
from zehn.observability import logs
from zehn.observability.metrics import Metrics


def make_app(observed: bool) -> FastAPI:
    app = FastAPI()

    @app.get("/items/{item_id}")
    async def item(item_id: str) -> dict[str, str]:
        return {"id": item_id, "status": "ok"}

    if observed:
        app.add_middleware(ObservabilityMiddleware, metrics=Metrics())
    return app


async def block(client: httpx.AsyncClient, n: int) -> float:
    started = time.perf_counter()
    for i in range(n):
        response = await client.get(f"/items/ev_{i:016x}")
        assert response.status_code == 200
    return (time.perf_counter() - started) / n * 1e6  # microseconds per request


async def run(requests: int, rounds: int, log_level: str) -> dict[str, float]:
    logs.configure("json", log_level, stream=io.StringIO())
    clients = {name: httpx.AsyncClient(transport=httpx.ASGITransport(app=make_app(name == "observed")),
                                       base_url="http://bench") for name in ("bare", "observed")}
    per_block = max(1, requests // rounds)
    for client in clients.values():
        await block(client, 200)  # warm up
    samples: dict[str, list[float]] = {name: [] for name in clients}
    for _ in range(rounds):
        for name, client in clients.items():
            samples[name].append(await block(client, per_block))
    for client in clients.values():
        await client.aclose()
    bare, observed = statistics.median(samples["bare"]), statistics.median(samples["observed"])
    return {"requests_per_app": per_block * rounds, "bare_us": round(bare, 1), "observed_us": round(observed, 1),
            "overhead_us": round(observed - bare, 1), "ratio": round(observed / bare, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--log-level", default="INFO", choices=["INFO", "WARNING"],
                        help="WARNING leaves the access log line out, to see what the metrics alone cost")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.requests, args.rounds, args.log_level)), indent=2))


if __name__ == "__main__":
    main()
