"""Where the graph lives: an external server from ``FALKORDB_URL``, or the embedded one ZEHN starts itself."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from urllib.parse import urlparse

from extraction.errors import InputRejected
from zehn.graph_server import EmbeddedFalkorDB
from zehn.settings import Settings


@dataclass(frozen=True)
class GraphEndpoint:
    host: str
    port: int
    password: str | None
    embedded: EmbeddedFalkorDB | None

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}"


def parse_url(url: str) -> tuple[str, int, str | None]:
    parsed = urlparse(url)
    if parsed.scheme not in {"redis", "falkor", "falkordb"} or not parsed.hostname:
        raise InputRejected(f"FALKORDB_URL must look like redis://host:port, got {url!r}")
    return parsed.hostname, parsed.port or 6379, parsed.password


@contextmanager
def graph_endpoint(settings: Settings) -> Iterator[GraphEndpoint]:
    """Yield the endpoint; an embedded server is started first and stopped cleanly afterwards."""
    if settings.falkordb_url:
        host, port, password = parse_url(settings.falkordb_url)
        yield GraphEndpoint(host, port, password, None)
        return
    server = EmbeddedFalkorDB(settings.data_dir)
    server.start()
    try:
        assert server.port is not None
        yield GraphEndpoint("127.0.0.1", server.port, None, server)
    finally:
        server.stop()
