"""How a new version relates to stored rows (pure): carried, closed, reopened, and each closed sentence's successor."""

from __future__ import annotations

from extraction.versions import Row, StoredRow, plan, restamp_support


def _stored(*rows: tuple[str, str, int], closed: tuple[str, ...] = ()) -> list[StoredRow]:
    return [StoredRow(i, t, s, open=i not in closed) for i, t, s in rows]


def test_unchanged_ids_are_carried_and_nothing_closes() -> None:
    out = plan(_stored(("a", "One.", 0), ("b", "Two.", 5)), [Row("a", "One.", 0), Row("b", "Two.", 5)])
    assert out.carried == ("a", "b") and out.closed == () and out.opened == () and out.successions == ()


def test_a_shifted_sentence_is_moved_and_an_edited_one_changed() -> None:
    stored = _stored(("a", "The Payments team owns checkout.", 0), ("b", "Checkout depends on ledger.", 40))
    new = [Row("a2", "The Billing team owns checkout.", 0), Row("b2", "Checkout depends on ledger.", 39)]
    out = plan(stored, new)
    assert set(out.closed) == {"a", "b"} and set(out.opened) == {"a2", "b2"}
    kinds = {s.old_id: (s.new_id, s.change) for s in out.successions}
    assert kinds == {"a": ("a2", "changed"), "b": ("b2", "moved")}


def test_a_deleted_sentence_is_removed_and_an_unrelated_new_one_has_no_predecessor() -> None:
    stored = _stored(("a", "Checkout depends on ledger.", 0), ("b", "Alerts page the on-call engineer.", 30))
    new = [Row("a", "Checkout depends on ledger.", 0), Row("c", "Quarterly budgets are due in March.", 30)]
    out = plan(stored, new)
    assert out.successions[0].old_id == "b" and out.successions[0].change == "removed"
    assert out.successions[0].new_id is None


def test_a_metadata_line_with_the_same_key_is_changed_however_different_its_value() -> None:
    stored = [StoredRow("m", '"owner": "Payments"', 0, "metadata")]
    out = plan(stored, [Row("m2", '"owner": "Site Reliability Engineering"', 0, "metadata")])
    assert [(s.new_id, s.change) for s in out.successions] == [("m2", "changed")]


def test_a_closed_row_that_comes_back_is_reopened() -> None:
    out = plan(_stored(("a", "One two three.", 0), closed=("a",)), [Row("a", "One two three.", 0)])
    assert out.reopened == ("a",) and out.opened == () and out.closed == ()


def test_support_intervals_close_reopen_and_leave_other_documents_alone() -> None:
    existing = {"ev1": {"document_id": "d", "intervals": [["t0", None]]},
                "ev2": {"document_id": "other", "intervals": [["t0", None]]},
                "ev3": {"document_id": "d", "intervals": [["t0", "t1"]]},
                "legacy": {"document_id": "d"}}
    out = restamp_support(existing, {"ev3": {"document_id": "d"}, "ev4": {"document_id": "d"}}, "d", "t2")
    assert out["ev1"]["intervals"] == [["t0", "t2"]]  # no longer supported: closed
    assert out["ev2"] == existing["ev2"]  # another document's support is untouched
    assert out["ev3"]["intervals"] == [["t0", "t1"], ["t2", None]]  # back again
    assert out["ev4"]["intervals"] == [["t2", None]]  # new
    assert out["legacy"]["intervals"] == [["", "t2"]]  # written before versions: open since always, now closed
    closed = restamp_support(out, {}, "d", "t3", close_all=True)
    assert all(entry["intervals"][-1][1] is not None for ev, entry in closed.items() if ev != "ev2")
