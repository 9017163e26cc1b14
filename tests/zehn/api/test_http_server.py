"""The app behind a real uvicorn server on a loopback port: health over real HTTP; a client that disconnects
from the stream stops the work."""

from __future__ import annotations

from collections.abc import Callable

import httpx

from tests.zehn.api.conftest import ServerThread
from tests.zehn.api.fakes import FakeAnswerer
from zehn.api import Services, create_app


def test_health_over_real_http(make_services: Callable[..., Services]) -> None:
    with ServerThread(create_app(make_services(max_calls=0), frontend_dir=None)) as server:
        response = httpx.get(f"{server.url}/api/health", timeout=10)
    assert response.status_code == 200
    body = response.json()
    assert body["api"]["status"] == "ok" and body["graph"]["reachable"] is True


def test_disconnecting_from_the_stream_cancels_the_work(make_services: Callable[..., Services]) -> None:
    services = make_services()
    blocking = FakeAnswerer(services.executor, services.graph, block_until_cancelled=True)
    services.answerer = blocking
    with ServerThread(create_app(services, frontend_dir=None)) as server, httpx.Client(timeout=10) as client:
        with client.stream("POST", f"{server.url}/api/answers/stream", json={"question": "anything"}) as response:
            assert response.status_code == 200
            for line in response.iter_lines():
                if line.startswith("event:"):
                    assert line == "event: plan"
                    break
        # the response is closed: the server sees the disconnect and sets the flag the answerer reads
        assert blocking.was_cancelled.wait(10), "the answerer was never told to stop"
    assert blocking.calls == 1
