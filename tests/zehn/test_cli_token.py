"""`zehn token create|list|revoke` on a data dir (no server needed), and `zehn mcp --token` refusing a bad one."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from zehn.access import TokenStore
from zehn.cli import app

runner = CliRunner()


def test_create_prints_the_secret_once_list_never_and_revoke_removes_it(tmp_path: Path) -> None:
    made = runner.invoke(app, ["token", "create", "Ana", "--groups", "finance,hr", "--data-dir", str(tmp_path),
                               "--json"])
    assert made.exit_code == 0, made.output
    created = json.loads(made.output)
    assert created["groups"] == ["finance", "hr"] and created["admin"] is False
    assert TokenStore(tmp_path).verify(created["token"]) is not None
    listed = runner.invoke(app, ["token", "list", "--data-dir", str(tmp_path)])
    assert created["id"] in listed.output and created["token"] not in listed.output
    gone = runner.invoke(app, ["token", "revoke", created["id"], "--data-dir", str(tmp_path)])
    assert gone.exit_code == 0 and TokenStore(tmp_path).verify(created["token"]) is None
    assert runner.invoke(app, ["token", "revoke", created["id"], "--data-dir", str(tmp_path)]).exit_code == 2


def test_mcp_refuses_a_token_the_data_dir_does_not_know(tmp_path: Path) -> None:
    refused = runner.invoke(app, ["mcp", "--data-dir", str(tmp_path), "--token", "zehn_not_a_token"])
    assert refused.exit_code == 2
