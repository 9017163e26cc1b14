"""The embedded FalkorDB server (a ``redis-server`` child with the FalkorDB module, on loopback) and its supervisor.

Started when no external ``FALKORDB_URL`` is configured. Persistence lives in the data dir with the append-only
file on, so an ingested graph survives a clean restart and a crash. One server per data dir, decided by OS file
locks (:mod:`.dirlock`); the lifecycle and hand-over in :mod:`.embedded`; process mechanics in :mod:`.process`;
restarts with backoff and index readiness in :mod:`.supervisor` and :mod:`.readiness`.
"""

from zehn.graph_server.embedded import EmbeddedFalkorDB
from zehn.graph_server.process import free_port

__all__ = ["EmbeddedFalkorDB", "free_port"]
