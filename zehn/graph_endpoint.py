"""Where the graph lives: an external server from ``FALKORDB_URL``, or the embedded one ZEHN starts itself.

Either way a :class:`~zehn.graph_server.supervisor.Supervisor` watches it for as long as the endpoint is open.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlparse

from extraction.errors import InputRejected
from zehn.graph_server import EmbeddedFalkorDB
from zehn.graph_server.process import Probe, Prober
from zehn.graph_server.supervisor import Backoff, Supervisor
from zehn.settings import Settings


@dataclass(frozen=True)
class GraphEndpoint:
    host: str
    port: int
    password: str | None
    embedded: EmbeddedFalkorDB | None
    monitor: Supervisor

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}"


@dataclass(frozen=True)
class ExternalServer:
    """A server someone else runs: we can only probe it (redis-py reconnects on the next command)."""

    host: str
    port: int
    password: str | None
    mode: Literal["external"] = "external"
    prober: Prober = field(default_factory=lambda: Prober(timeout_s=2.0), compare=False, repr=False)

    def check(self) -> tuple[Probe, str | None]:
        return self.prober(self.port, host=self.host, password=self.password)

    def recover(self) -> str | None:
        return None  # nothing to restart: redis-py reconnects on its own


def parse_url(url: str) -> tuple[str, int, str | None]:
    parsed = urlparse(url)
    if parsed.scheme not in {"redis", "falkor", "falkordb"} or not parsed.hostname:
        raise InputRejected(f"FALKORDB_URL must look like redis://host:port, got {url!r}")
    return parsed.hostname, parsed.port or 6379, parsed.password


def _backoff(settings: Settings) -> Backoff:
    return Backoff(settings.restart_backoff_s, settings.restart_backoff_cap_s)


@contextmanager
def graph_endpoint(settings: Settings) -> Iterator[GraphEndpoint]:
    """Yield the endpoint; an embedded server is started (or attached to) first and stopped or handed over after."""
    if settings.falkordb_url:
        host, port, password = parse_url(settings.falkordb_url)
        monitor = Supervisor(ExternalServer(host, port, password), settings.graph_name,
                             backoff=_backoff(settings)).start()
        try:
            yield GraphEndpoint(host, port, password, None, monitor)
        finally:
            monitor.stop()
        return
    server = EmbeddedFalkorDB(settings.data_dir)
    server.start()
    try:
        monitor = Supervisor(server, settings.graph_name, backoff=_backoff(settings)).start()
        try:
            assert server.port is not None
            yield GraphEndpoint("127.0.0.1", server.port, server.password, server, monitor)
        finally:
            monitor.stop()
    finally:
        server.stop()
