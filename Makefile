# Two commands matter: `make run` and `make test`. Everything else supports them.
PY      := .venv/bin/python
PIP     := .venv/bin/pip
STAMP   := .venv/.installed
NODE_STAMP := frontend/node_modules/.package-lock.json

.PHONY: run test venv lint typecheck pytest frontend-build frontend-test api-check e2e clean

$(STAMP): requirements/torch.txt requirements/lock.txt pyproject.toml
	test -x $(PY) || python3.11 -m venv .venv || python3 -m venv .venv
	$(PIP) install --quiet --upgrade pip
	# torch first and pinned: anything that pulls torch must find the CPU build already installed.
	$(PIP) install --quiet -r requirements/torch.txt
	$(PIP) install --quiet -r requirements/lock.txt
	$(PIP) install --quiet --no-deps -e .
	touch $(STAMP)

$(NODE_STAMP): frontend/package-lock.json
	cd frontend && npm ci --no-audit --no-fund

venv: $(STAMP)

run: $(STAMP) frontend-build
	.venv/bin/zehn serve --ingest-sample

lint: $(STAMP)
	.venv/bin/ruff check zehn extraction traversal_policy verify tests bench

typecheck: $(STAMP)
	.venv/bin/mypy

pytest: $(STAMP)
	.venv/bin/pytest -q

frontend-build: $(NODE_STAMP)
	cd frontend && npm run build

frontend-test: $(NODE_STAMP)
	cd frontend && npm test

# The committed OpenAPI spec and generated client types must match the API.
api-check: $(STAMP) $(NODE_STAMP)
	cd frontend && npm run check:api

# Real browser (Debian's Chromium via playwright-core) against a real `zehn serve` with the sample corpus.
e2e: $(STAMP) $(NODE_STAMP)
	cd frontend && npm run e2e

test: lint typecheck pytest frontend-build frontend-test api-check e2e

clean:
	rm -rf .venv data .mypy_cache .pytest_cache .ruff_cache frontend/node_modules frontend/dist
