"""`zehn token create NAME [--groups g1,g2] [--admin]`, `zehn token list`, `zehn token revoke ID|NAME`.

Tokens live hashed in ``<data dir>/tokens.json`` (:mod:`zehn.access.tokens`); ``create`` prints the secret once and
nothing keeps it. No server needs to run: a running ``zehn serve`` on the same data dir sees the change on its next
request. Exit codes: 2 rejected (a bad name, nothing to revoke), 1 an unreadable token file.
"""

from __future__ import annotations

from typing import Annotated

import typer

from extraction.errors import InputRejected
from zehn.access import TokenStore
from zehn.cli.common import DataDirOpt, JsonOpt, emit, exit_codes, settings_from

token_app = typer.Typer(help="API tokens: required beyond loopback and for every write.", no_args_is_help=True)


def _store(data_dir: DataDirOpt) -> TokenStore:
    return TokenStore(settings_from(data_dir, None).data_dir)


@token_app.command("create")
def create(
    name: Annotated[str, typer.Argument(help="Who holds it: their history and 'user:NAME' access are theirs.")],
    groups: Annotated[str, typer.Option("--groups", help="Comma-separated groups (documents' access lists).")] = "",
    admin: Annotated[bool, typer.Option("--admin", help="Reads everything; manages tokens.")] = False,
    data_dir: DataDirOpt = None, as_json: JsonOpt = False,
) -> None:
    """Create a token and print its secret (shown once: store it now)."""
    with exit_codes(as_json):
        record, secret = _store(data_dir).create(name, [g for g in groups.split(",") if g.strip()], admin)
    emit({**record.public(), "token": secret}, as_json,
         f"{secret}\n\ntoken {record.id} for {record.name!r} (groups: {', '.join(record.groups) or 'none'}"
         f"{'; admin' if record.admin else ''}). This is the only time it is shown; send it as "
         "'Authorization: Bearer <token>'.")


@token_app.command("list")
def list_tokens(data_dir: DataDirOpt = None, as_json: JsonOpt = False) -> None:
    """The tokens (ids, names, groups, admin, created); never their secrets or hashes."""
    with exit_codes(as_json):
        records = _store(data_dir).records()
    lines = [f"{r.id}  {r.name}  groups: {', '.join(r.groups) or '-'}{'  admin' if r.admin else ''}  {r.created_at}"
             for r in records]
    emit({"tokens": [r.public() for r in records]}, as_json, "\n".join(lines) or "no tokens")


@token_app.command("revoke")
def revoke(id_or_name: Annotated[str, typer.Argument(help="A token id (tok_...) or a name (all its tokens).")],
           data_dir: DataDirOpt = None, as_json: JsonOpt = False) -> None:
    """Revoke a token now (a running server refuses it from its next request)."""
    with exit_codes(as_json):
        gone = _store(data_dir).revoke(id_or_name)
        if not gone:
            raise InputRejected(f"no token has the id or name {id_or_name!r}")
    emit({"revoked": [r.public() for r in gone]}, as_json, "\n".join(f"revoked {r.id} ({r.name})" for r in gone))


def register(app: typer.Typer) -> None:
    app.add_typer(token_app, name="token")
