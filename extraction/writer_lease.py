"""One writer per graph: a lease every ingest (and delete) holds while it writes, so ingests queue up.

Why one writer queue rather than a lock per document: documents share entities and RELATES edges. An edge's
support is read, merged and written back, and a rollback deletes entities nothing else mentions; two writers on
*different* documents can still lose each other's support or delete an entity the other just mentioned. Graph
writes are serialised inside FalkorDB anyway, and the CPU-heavy parse cannot run faster side by side on a small
machine, so a queue costs little and rules out every interleaving.

The lease is a Redis key on the graph's own server (so it also works with an external ``FALKORDB_URL``), set
with ``NX`` and an expiry and renewed by a heartbeat thread. Its value names the holder (host, pid, token): a
waiter on the same host takes over at once from a holder whose process is gone (SIGKILL); otherwise the expiry
frees it. Release and renewal only act on our own token.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
import time
import uuid
from collections.abc import Callable

import redis
from redis.exceptions import LockError
from redis.lock import Lock

from extraction.errors import GraphUnavailable, Unavailable

log = logging.getLogger("zehn.ingest")
TTL_S = 30.0
POLL_S = 0.2


class WriterBusy(Unavailable):
    """Another writer held the graph for longer than this one was willing to wait."""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class WriterLease:
    def __init__(self, client: redis.Redis, graph_name: str, *, ttl_s: float = TTL_S) -> None:
        self.client = client
        self.key = f"zehn:writer:{graph_name}"
        self.ttl_s = ttl_s
        self.token = json.dumps({"host": socket.gethostname(), "pid": os.getpid(), "id": uuid.uuid4().hex})
        self._lock = Lock(client, self.key, timeout=ttl_s, sleep=POLL_S, thread_local=False)
        self._stop = threading.Event()
        self._lost = threading.Event()
        self._beat: threading.Thread | None = None

    def holder(self) -> dict[str, object] | None:
        raw = self.client.get(self.key)
        if raw is None:
            return None
        try:
            parsed = json.loads(raw)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None

    def acquire(self, wait_s: float, on_wait: Callable[[dict[str, object]], None] | None = None) -> None:
        deadline = time.monotonic() + wait_s
        told = False
        try:
            while not self._lock.acquire(blocking=False, token=self.token):
                holder = self.holder() or {}
                if holder.get("host") == socket.gethostname() and isinstance(holder.get("pid"), int) \
                        and not _alive(int(str(holder["pid"]))):
                    self._take_from_dead(holder)
                    continue
                if not told and on_wait is not None:
                    on_wait(holder)
                    told = True
                if time.monotonic() > deadline:
                    raise WriterBusy(f"another ingest (pid {holder.get('pid')} on {holder.get('host')}) is writing "
                                     f"graph {self.key.split(':', 2)[2]!r}; waited {wait_s:.0f}s")
                time.sleep(POLL_S)  # waiting for the other writer to finish
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            raise GraphUnavailable(f"cannot take the writer lease: {exc}") from exc
        self._stop.clear()
        self._beat = threading.Thread(target=self._heartbeat, name="zehn-writer-lease", daemon=True)
        self._beat.start()

    def _take_from_dead(self, holder: dict[str, object]) -> None:
        log.warning("taking over the writer lease of pid %s, which is gone", holder.get("pid"))
        raw = self.client.get(self.key)
        if raw is None or json.loads(raw) != holder:
            return  # someone else got there first
        with contextlib.suppress(LockError):  # compare-and-delete: a no-op when the value changed meanwhile
            self._lock.do_release(raw.decode() if isinstance(raw, bytes) else str(raw))

    def _heartbeat(self) -> None:
        while not self._stop.wait(self.ttl_s / 3):
            try:
                self._lock.reacquire()
            except (redis.RedisError, OSError) as exc:
                log.error("lost the graph's writer lease: %s", exc)
                self._lost.set()
                return

    def ensure(self) -> None:
        """Raise before a commit when the lease was lost (the server was away longer than the lease lasts)."""
        if self._lost.is_set():
            raise GraphUnavailable("lost the graph's writer lease while ingesting; run the ingest again")

    def release(self) -> None:
        self._stop.set()
        if self._beat is not None:
            self._beat.join(timeout=5)
            self._beat = None
        try:
            if self._lock.owned():
                self._lock.release()
        except (redis.RedisError, OSError) as exc:
            log.warning("could not release the writer lease (it expires by itself): %s", exc)
