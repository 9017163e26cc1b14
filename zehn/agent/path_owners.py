"""Who owns a part of a repository, read from an ownership map of paths (part of stage 4, bind).

Code-ownership pages (and CODEOWNERS files pasted into a wiki) state ownership without a verb: one line per path,
the path first and its owners after a gap (``services/quote-api/    Pricing team, @ana.ruiz``). The page says
once what the lines mean (its title, a heading or a lead-in names owners), never on each line.

1. **The page**: a retrieved document that names owners (a word starting "owner" or "codeowner") before its
   first path line, in its title, a heading or its text.
2. **The line**: a path (it holds a ``/``) whose last named part is the subject: every word of that part is a
   word of the subject's name (``jobs/reconciliation-batch/`` for "the reconciliation batch job"), and it makes up
   at least half of the name.
3. **The owners**: what follows the gap, split at commas; a handle loses its ``@``.

Each owner is an ``inferred`` OWNS hop (``path_owners``, ``document_subject``): the page, not the line, says that
the names own the path. A page with no owner word, or a line with nothing after its path, answers nothing.
"""

from __future__ import annotations

import re

from verify import HopGrade
from zehn.agent.bound import Bound, PathView
from zehn.agent.doc_lines import covering, lines
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views

DOCUMENTS_READ = 3
MAX_OWNERS = 4
_PATH_LINE = re.compile(r"^\s*(?P<path>[\w.*@~-]*/[\w./*@~-]*)(?:\s{2,}|\t)\s*(?P<owners>\S.*?)\s*$")
_PARTS = re.compile(r"[\s_-]+")


def _name_words(text: str) -> list[str]:
    return [w for w in _PARTS.split(text.casefold().strip(" /*")) if w]


def _names_subject(path: str, subject: list[str]) -> bool:
    leaf = next((p for p in reversed(path.split("/")) if p.strip("*.")), "")
    said = _name_words(leaf)
    return bool(said) and all(w in subject for w in said) and 2 * len(said) >= len(subject)


def _owner_page(doc_view: DocView) -> bool:
    """The page names owners (in its title, a heading or its text) before its first path line."""
    said = list(words(doc_view.info.title))
    for line in lines(doc_view):
        if not line.is_heading and _PATH_LINE.match(line.text):
            return any(w.startswith(("owner", "codeowner")) for w in said)
        said += words(line.text)
    return False


def _owners(text: str) -> list[str]:
    return [o.strip(" .;").lstrip("@") for o in text.split(",") if o.strip(" .;")][:MAX_OWNERS]


def path_owners(subject_name: str, doc_view: DocView) -> list[PathView]:
    """The owners an ownership map gives the path that names the subject."""
    if not _owner_page(doc_view):
        return []
    subject = _name_words(subject_name)
    out: list[PathView] = []
    for line in lines(doc_view):
        said = _PATH_LINE.match(line.text)
        if said is None or line.is_heading or not _names_subject(said["path"], subject):
            continue
        cited = covering(doc_view, line.start, line.end)
        if not cited:
            continue
        graded = HopGrade("inferred", ("path_owners", "document_subject"), cited[0].id)
        out += [view(owner, owner, (owner, subject_name), [hop(owner, "OWNS", subject_name, graded, cited[0],
                                                                "question")], [cited[0]])
                for owner in _owners(said["owners"])]
        if out:
            return out
    return out


def bind_path_owners(analysis: Analysis, views: Views) -> Bound | None:
    """The owners of the asked path, from the best ownership map that lists it; None when none does."""
    if analysis.route != "ownership" or analysis.subject is None:
        return None
    for doc_view in views()[:DOCUMENTS_READ]:
        found = path_owners(analysis.subject.name, doc_view)
        if found:
            return Bound(paths=tuple(found), document=doc_view.info)
    return None
