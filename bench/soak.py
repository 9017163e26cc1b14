"""Soak: N clients for D seconds against a real ``zehn serve`` on loopback, with one ingest writing meanwhile.

Starts ``zehn serve --ingest-sample`` on a free loopback port over a temp data dir, waits for readiness, warms up,
then runs N concurrent clients (default 50) for D seconds (default 60), each looping over a seeded mix of
``POST /api/answers``, ``POST /api/answers/stream`` (read to the end), ``GET /api/impact`` and
``GET /api/evidence/{id}``, while one ``zehn ingest`` adds a renamed copy of the sample corpus to the same graph.
Prints requests and errors per kind (an error: a transport failure or any status other than 200), latency
p50/p95/p99, and the serve process's RSS before and after, with the growth in percent. Bounded: every request has a
timeout, the run ends at D seconds, the ingest is stopped if still running, and the server is shut down.

With ``--auth`` the server requires a token for every request (``ZEHN_REQUIRE_TOKEN``, as beyond loopback) and each
client sends its own (one token per client in the data dir's token file, so each is rate limited apart): the same
run with the guard, the token look-up and the per-caller scope on every request. Without it every client is the
one anonymous loopback caller, whose single rate-limit bucket would refuse the load, so that run switches the
limiter off (``ZEHN_RATE_LIMIT=``).

    .venv/bin/python bench/soak.py [--clients 50] [--seconds 60] [--auth] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from zehn.access import TokenStore  # noqa: E402
from zehn.graph_server import free_port  # noqa: E402
from zehn.sample import SAMPLE_CORPUS_DIR  # noqa: E402

QUESTIONS = ("What breaks if we change geo-index?", "Who owns the dispatch queue?",
             "What does rate-engine depend on?", "Who maintains ledger-sync?")
ENTITIES = ("geo-index", "rate-engine", "dispatch queue")
KINDS = ("answers", "stream", "impact", "evidence")
REQUEST_TIMEOUT_S = 120.0


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def zehn(args: list[str], log: Path, extra_env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(extra_env or {})}
    return subprocess.Popen([sys.executable, "-c", "from zehn.cli import main; main()", *args], env=env,
                            stdout=log.open("wb"), stderr=subprocess.STDOUT)


def renamed_copy(target: Path) -> Path:
    """The sample corpus with new ids, so the ingest really writes while the clients read."""
    target.mkdir()
    for doc in SAMPLE_CORPUS_DIR.glob("*.md"):
        text = doc.read_text(encoding="utf-8").replace('id: "', 'id: "soak-', 1)
        (target / doc.name).write_text(text, encoding="utf-8")
    return target


def tokens_for(data_dir: Path, clients: int, auth: bool) -> list[dict[str, str]]:
    """The headers each client sends: its own bearer token with --auth, none without."""
    if not auth:
        return [{} for _ in range(clients + 1)]
    store = TokenStore(data_dir)
    return [{"Authorization": f"Bearer {store.create(f'soak-{n}')[1]}"} for n in range(clients + 1)]


async def wait_ready(client: httpx.AsyncClient, proc: subprocess.Popen[bytes], deadline_s: float) -> None:
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"zehn serve exited with {proc.returncode}")
        try:
            if (await client.get("/api/health")).status_code == 200:
                return
        except httpx.TransportError:
            pass
        await asyncio.sleep(0.5)
    raise SystemExit("zehn serve did not become ready")


async def one(client: httpx.AsyncClient, kind: str, rng: random.Random, evidence: list[str],
              headers: dict[str, str]) -> int:
    if kind == "answers":
        return (await client.post("/api/answers", json={"question": rng.choice(QUESTIONS)},
                                  headers=headers)).status_code
    if kind == "stream":
        async with client.stream("POST", "/api/answers/stream", json={"question": rng.choice(QUESTIONS)},
                                 headers=headers) as resp:
            body = b"".join([chunk async for chunk in resp.aiter_bytes()])
            return resp.status_code if b"event: answer" in body else 599  # no final answer event: an error
    if kind == "impact":
        return (await client.get("/api/impact", params={"entity": rng.choice(ENTITIES)},
                                 headers=headers)).status_code
    return (await client.get(f"/api/evidence/{rng.choice(evidence)}", headers=headers)).status_code


async def soak(url: str, clients: int, seconds: float, evidence: list[str],
               headers: list[dict[str, str]]) -> dict[str, Any]:
    latencies: dict[str, list[float]] = {k: [] for k in KINDS}
    errors: dict[str, int] = dict.fromkeys(KINDS, 0)
    statuses: dict[str, int] = {}
    deadline = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)

    async def worker(n: int, client: httpx.AsyncClient) -> None:
        rng = random.Random(n)
        i = n
        while time.monotonic() < deadline:
            kind = KINDS[i % len(KINDS)]
            i += 1
            started = time.perf_counter()
            try:
                status = await one(client, kind, rng, evidence, headers[n])
            except httpx.HTTPError:
                status = 0
            latencies[kind].append((time.perf_counter() - started) * 1000)
            errors[kind] += status != 200
            if status != 200:
                statuses[str(status)] = statuses.get(str(status), 0) + 1

    async with httpx.AsyncClient(base_url=url, timeout=REQUEST_TIMEOUT_S, limits=limits) as client:
        await asyncio.gather(*(worker(n, client) for n in range(clients)))
    return {"latencies": latencies, "errors": errors, "statuses": statuses}


def pct(values: list[float], q: int) -> float | None:
    return round(statistics.quantiles(values, n=100)[q - 1], 1) if len(values) >= 2 else None


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="zehn-soak-") as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        headers = tokens_for(Path(tmp) / "data", args.clients, args.auth)
        serve = zehn(["serve", "--ingest-sample", "--host", "127.0.0.1", "--port", str(port),
                      "--data-dir", f"{tmp}/data"], Path(tmp) / "serve.log",
                     {"ZEHN_REQUIRE_TOKEN": "true"} if args.auth
                     else {"ZEHN_REQUIRE_TOKEN": "false", "ZEHN_RATE_LIMIT": ""})
        ingest: subprocess.Popen[bytes] | None = None
        try:
            async with httpx.AsyncClient(base_url=url, timeout=REQUEST_TIMEOUT_S, headers=headers[-1]) as client:
                await wait_ready(client, serve, 600)
                evidence: list[str] = []
                for question in QUESTIONS:  # warm-up, and real evidence ids to ask for
                    answer = (await client.post("/api/answers", json={"question": question})).json()
                    evidence += [c["evidence_id"] for c in answer.get("citations", [])]
                await client.get("/api/impact", params={"entity": ENTITIES[0]})
            if not evidence:
                raise SystemExit("the warm-up answers cited nothing: no evidence ids to ask for")
            rss_before = rss_kib(serve.pid)
            ingest = zehn(["ingest", str(renamed_copy(Path(tmp) / "copy")), "--data-dir", f"{tmp}/data"],
                          Path(tmp) / "ingest.log")
            result = await soak(url, args.clients, args.seconds, evidence, headers)
            rss_after = rss_kib(serve.pid)
            ingest_done = ingest.poll() is not None
            ingest_code = ingest.returncode
            log_text = (Path(tmp) / "serve.log").read_text(errors="replace")
            supervisor_lines = [line for line in log_text.splitlines() if "graph server" in line][-5:]
        finally:
            if ingest is not None and ingest.poll() is None:
                ingest.send_signal(signal.SIGTERM)
                ingest.wait(timeout=60)
            serve.send_signal(signal.SIGINT)
            serve.wait(timeout=120)
    every = [v for values in result["latencies"].values() for v in values]
    per_kind = {k: {"requests": len(v), "errors": result["errors"][k], "p50_ms": pct(v, 50), "p95_ms": pct(v, 95),
                    "p99_ms": pct(v, 99)} for k, v in result["latencies"].items()}
    return {"clients": args.clients, "seconds": args.seconds, "auth": args.auth, "requests": len(every),
            "errors": sum(result["errors"].values()), "error_statuses": result["statuses"],
            "supervisor": supervisor_lines, "p50_ms": pct(every, 50), "p95_ms": pct(every, 95),
            "p99_ms": pct(every, 99), "per_kind": per_kind, "rss_before_mib": round(rss_before / 1024, 1),
            "rss_after_mib": round(rss_after / 1024, 1),
            "rss_growth_pct": round(100.0 * (rss_after - rss_before) / rss_before, 1) if rss_before else None,
            "ingest_finished": ingest_done, "ingest_exit": ingest_code}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--auth", action="store_true", help="require a token on every request, one per client")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['clients']} clients x {report['seconds']:.0f} s{' (tokens required)' if report['auth'] else ''}: "
          f"{report['requests']} requests, "
          f"{report['errors']} errors {report['error_statuses']}; p50 {report['p50_ms']} ms, "
          f"p95 {report['p95_ms']} ms, p99 {report['p99_ms']} ms")
    for kind, row in report["per_kind"].items():
        print(f"  {kind:>8}: {row['requests']:>5} requests, {row['errors']} errors, p50 {row['p50_ms']} ms, "
              f"p95 {row['p95_ms']} ms, p99 {row['p99_ms']} ms")
    print(f"RSS of zehn serve: {report['rss_before_mib']} MiB before, {report['rss_after_mib']} MiB after "
          f"({report['rss_growth_pct']}%); ingest during the run finished: {report['ingest_finished']} "
          f"(exit {report['ingest_exit']})")
    for line in report["supervisor"]:
        print(f"  supervisor: {line[:200]}")


if __name__ == "__main__":
    main()
