"""The token file: secrets never stored, 0600, names checked, revocation seen by a running reader at once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from extraction.errors import InputRejected
from zehn.access import TokenStore
from zehn.access.tokens import FILE_NAME, TokenFileError, digest


def test_a_token_is_kept_only_as_its_hash_in_a_private_file(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    record, secret = store.create("Ana", ["Finance", "finance ", "HR"], admin=False)
    text = (tmp_path / FILE_NAME).read_text()
    assert secret not in text and digest(secret) in text
    assert (tmp_path / FILE_NAME).stat().st_mode & 0o777 == 0o600
    assert secret.startswith("zehn_") and len(secret) > 40
    assert record.groups == ("finance", "hr") and store.verify(secret) == record
    assert store.verify(secret + "x") is None and store.verify("") is None
    caller = record.caller()
    assert caller.authenticated and caller.scope.tokens == ("everyone", "group:finance", "group:hr", "user:ana")


def test_names_and_groups_are_checked(tmp_path: Path) -> None:
    store = TokenStore(tmp_path)
    for name in ("", "   ", "anonymous", "Operator", "a;b", "-x", "x" * 65):
        with pytest.raises(InputRejected):
            store.create(name)
    with pytest.raises(InputRejected):
        store.create("ana", ["ok", "not/ok"])


def test_revoking_by_id_or_name_is_seen_by_another_reader_of_the_file(tmp_path: Path) -> None:
    admin, reader = TokenStore(tmp_path), TokenStore(tmp_path)
    first, one = admin.create("ana")
    _second, two = admin.create("ana")
    _third, three = admin.create("ben", admin=True)
    assert all(reader.verify(s) for s in (one, two, three))
    assert [r.id for r in admin.revoke(first.id)] == [first.id]
    assert reader.verify(one) is None and reader.verify(two) is not None
    assert len(admin.revoke("ANA")) == 1 and reader.verify(two) is None
    assert admin.revoke("nobody") == [] and [r.name for r in reader.records()] == ["ben"]


def test_an_unreadable_token_file_refuses_rather_than_guesses(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text(json.dumps({"tokens": [{"name": "no id"}]}))
    with pytest.raises(TokenFileError):
        TokenStore(tmp_path).verify("zehn_anything")
