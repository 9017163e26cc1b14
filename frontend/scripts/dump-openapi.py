"""Write the HTTP API's OpenAPI spec to frontend/openapi.json (the input of `npm run gen:api`).

Run with the project's virtual environment, from anywhere:

    /work/main/.venv/bin/python frontend/scripts/dump-openapi.py [OUTPUT]

It imports the app factory (zehn.api.app.create_app) and asks FastAPI for the spec; no server, graph or model is
started (the services provider given to the factory is never entered).
"""

from __future__ import annotations

import json
import sys
from contextlib import AbstractContextManager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def _no_services() -> AbstractContextManager[object]:
    raise RuntimeError("dump-openapi never starts the services")


def spec() -> dict[str, object]:
    from zehn.api.app import create_app
    from zehn.settings import Settings

    app = create_app(_no_services, settings=Settings())
    return app.openapi()


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "frontend" / "openapi.json"
    out.write_text(json.dumps(spec(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
