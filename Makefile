# Two commands matter: `make run` and `make test`. Everything else supports them.
PY      := .venv/bin/python
PIP     := .venv/bin/pip
STAMP   := .venv/.installed

.PHONY: run test venv lint typecheck pytest clean

$(STAMP): requirements/torch.txt requirements/lock.txt pyproject.toml
	test -x $(PY) || python3.11 -m venv .venv || python3 -m venv .venv
	$(PIP) install --quiet --upgrade pip
	# torch first and pinned: anything that pulls torch must find the CPU build already installed.
	$(PIP) install --quiet -r requirements/torch.txt
	$(PIP) install --quiet -r requirements/lock.txt
	$(PIP) install --quiet --no-deps -e .
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	.venv/bin/zehn serve --ingest-sample

lint: $(STAMP)
	.venv/bin/ruff check zehn extraction traversal_policy verify tests bench

typecheck: $(STAMP)
	.venv/bin/mypy

pytest: $(STAMP)
	.venv/bin/pytest -q

test: lint typecheck pytest

clean:
	rm -rf .venv data .mypy_cache .pytest_cache .ruff_cache
