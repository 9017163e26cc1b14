"""docker-compose.yml and the Dockerfile stay correct without a Docker engine: parsed and checked against the repo
(paths the Dockerfile copies exist, the packages pyproject installs are all copied, the command is a real ``zehn``
subcommand with real options, every environment variable is a setting ZEHN reads, ports and services agree)."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
import typer.main
import yaml
from pydantic import AliasChoices

from zehn.cli import app
from zehn.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
LIBRARY_SWITCHES = {"HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"}  # read by huggingface libraries, not by ZEHN
FALKORDB_PORT = 6379


def setting_names() -> set[str]:
    prefix = str(Settings.model_config.get("env_prefix", ""))
    names = set()
    for field_name, field in Settings.model_fields.items():
        alias = field.validation_alias
        names |= {str(a) for a in alias.choices} if isinstance(alias, AliasChoices) else \
            {f"{prefix}{field_name}".upper()}
    return names


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) pairs, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            instruction, _, rest = line.strip().partition(" ")
            out.append((instruction.upper(), rest.strip()))
    return out


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    return loaded


def test_every_path_the_dockerfile_copies_exists_and_every_package_is_copied() -> None:
    copied: list[str] = []
    for instruction, args in dockerfile():
        if instruction == "COPY":
            *sources, _dest = shlex.split(args)
            for source in sources:
                assert (ROOT / source).exists(), f"COPY {source}: no such path in the repository"
                copied.append(source.rstrip("/"))
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for pattern in pyproject["tool"]["setuptools"]["packages"]["find"]["include"]:
        package = pattern.rstrip("*")
        assert package in copied, f"package {package} is installed from pyproject but not copied into the image"
    assert "requirements" in copied and "pyproject.toml" in copied


def test_the_image_command_is_a_real_zehn_subcommand() -> None:
    cmd = [json.loads(args) for instruction, args in dockerfile() if instruction == "CMD"]
    assert len(cmd) == 1 and cmd[0][0] == "zehn"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "zehn" in pyproject["project"]["scripts"]
    group = typer.main.get_command(app)
    subcommand = group.commands.get(cmd[0][1])  # type: ignore[attr-defined]
    assert subcommand is not None, f"zehn has no subcommand {cmd[0][1]!r}"
    options = {opt for param in subcommand.params for opt in param.opts}
    assert set(cmd[0][2:]) <= options, f"unknown options {set(cmd[0][2:]) - options}"


def test_environment_variables_are_settings_zehn_reads(compose: dict[str, Any]) -> None:
    known = setting_names()
    env = compose["services"]["zehn"]["environment"]
    assert set(env) <= known, f"not a ZEHN setting: {set(env) - known}"
    image_env = [shlex.split(args) for instruction, args in dockerfile() if instruction == "ENV"]
    for pair in (p for line in image_env for p in line):
        name = pair.split("=", 1)[0]
        assert name in known or name in LIBRARY_SWITCHES, f"ENV {name} is neither a setting nor a library switch"


def test_services_ports_and_dependencies_agree(compose: dict[str, Any]) -> None:
    services = compose["services"]
    assert set(services) == {"falkordb", "zehn"}
    zehn, falkordb = services["zehn"], services["falkordb"]
    assert zehn["build"] == "." and ":" in falkordb["image"] and not falkordb["image"].endswith(":latest")
    assert zehn["depends_on"]["falkordb"]["condition"] == "service_healthy" and falkordb["healthcheck"]["test"]
    url = zehn["environment"]["FALKORDB_URL"]
    assert re.fullmatch(rf"redis://:\$\{{FALKORDB_PASSWORD[^}}]*\}}@falkordb:{FALKORDB_PORT}", url), url
    assert "--requirepass ${FALKORDB_PASSWORD" in falkordb["environment"]["REDIS_ARGS"]  # the same password
    port = zehn["environment"]["ZEHN_PORT"]
    exposed = [args for instruction, args in dockerfile() if instruction == "EXPOSE"]
    assert [p.split(":")[1] for p in zehn["ports"]] == [port] and exposed == [port]
    assert zehn["environment"]["ZEHN_HOST"] == "0.0.0.0"  # reachable from outside the container
    for volume in [*falkordb.get("volumes", []), *zehn.get("volumes", [])]:
        assert volume.split(":")[0] in compose["volumes"], volume
    assert any(v.endswith(":" + zehn["environment"]["ZEHN_DATA_DIR"]) for v in zehn["volumes"])  # tokens persist
