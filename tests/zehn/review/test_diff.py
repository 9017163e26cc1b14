"""Reading a change (pure): a unified diff's files, symbols and prose; plain prose stays prose."""

from __future__ import annotations

from zehn.review.diff import looks_like_diff, path_names, read_change

DIFF = """Retry the settlement writes when the ledger times out.

diff --git a/services/ledger-db/src/settle.py b/services/ledger-db/src/settle.py
index 3f2a1c0..9b8e7d1 100644
--- a/services/ledger-db/src/settle.py
+++ b/services/ledger-db/src/settle.py
@@ -12,7 +12,9 @@ def settle_batches(batch):
-    RETRY_LIMIT = 3
+    RETRY_LIMIT = 5
+def backoff_delay(attempt):
+    return 2 ** attempt
 unchanged = True
diff --git a/docs/old.md b/docs/new.md
similarity index 90%
rename from docs/old.md
rename to docs/new.md
"""


def test_a_unified_diff_gives_files_symbols_and_the_prose_above_it() -> None:
    change = read_change(DIFF)
    assert change.is_diff and change.prose == "Retry the settlement writes when the ledger times out."
    settle, renamed = change.files
    assert settle.path == "services/ledger-db/src/settle.py" and (settle.added, settle.removed) == (3, 1)
    assert settle.symbols == ["settle_batches", "RETRY_LIMIT", "backoff_delay"]
    assert renamed.path == "docs/new.md" and renamed.old_path == "docs/old.md"


def test_plain_prose_is_not_a_diff() -> None:
    text = "We move the ledger-db writes to a queue.\n--- \nNotes follow.\n"
    assert not looks_like_diff(text)
    change = read_change(text)
    assert change.files == () and change.prose == text and not change.is_diff


def test_a_diff_without_git_headers_is_read_from_its_file_markers() -> None:
    change = read_change("--- a/lib/tiles.go\n+++ b/lib/tiles.go\n@@ -1,2 +1,2 @@\n"
                         "-func warmTiles() {\n+func warmTiles(n int) {\n")
    assert [f.path for f in change.files] == ["lib/tiles.go"] and change.files[0].symbols == ["warmTiles"]


def test_path_names_are_the_directory_and_file_names_without_extensions() -> None:
    assert path_names("services/ledger-db/src/settle.py") == ["services", "ledger-db", "src", "settle"]
    assert path_names("./a/.github/x.tar.gz") == [".github"]
