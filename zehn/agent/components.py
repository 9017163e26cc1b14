"""What a product or system is made of, read from the component list of its own document (part of stage 4, bind).

Specs, PRDs and design docs enumerate their parts as a list under a heading or a lead-in line: a "Components" /
"Architecture" / "Modules" section, or "The service has three parts:", with one item per part written
``1) Name: what it does``, ``- **Name**: what it does``, ``- Name — what it does`` or just ``- Name``, or as
the rows of a table whose part column is named by its header ("| Component | Responsibility |").

1. **The document**: the subject phrase names a document by its title ("the Foo & Bar Reconciliation (FBR)
   product" -> "PRD: Foo & Bar Reconciliation (FBR) product"): an acronym of the phrase in the title (or the
   title's initials spelling it), or most of the phrase's words in the title. The best retrieved document that
   does is read; else a section of the best retrieved documents whose heading names the subject the same way
   ("## How the query path is built"), where any list is the parts; none -> nothing is bound here.
2. **The list**: the first list under a heading or lead-in whose words name parts (:data:`PART_WORDS`, or the
   question's own focus word); each item's name is its label (before ``:`` / ``—``) or the whole item when short.
3. The answer cites every item line. The subject is named by the document, not by each line, so the finding is
   ``inferred`` (``document_subject``).

The same reading answers "what does X depend on" from the list under a dependencies heading of X's own document
("## Upstream dependencies", "Requires:", a descriptor's "dependsOn:" with typed items "- component:name"): a
heading whose side is the dependencies by the one direction rule (:mod:`verify.directions`; a bare "## Downstream"
only on a page that also names "Upstream").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from verify.directions import DEPENDENT_NOUNS, direction, names_both, side
from zehn.agent.bound import Bound, Finding
from zehn.agent.lemmas import words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.routing import PART_NOUNS
from zehn.agent.rows import Sentence, own_heading
from zehn.agent.similarity import Similarity
from zehn.agent.table_rows import cells, table_headers

# Words a heading or lead-in uses for the parts of a whole (general English; the question's focus is added).
PART_WORDS = frozenset({"component", "components", "part", "parts", "piece", "pieces", "module", "modules",
                        "building", "blocks", "subsystem", "subsystems", "element", "elements", "architecture",
                        "services", "layers", "stages", "capabilities", "features"})
TITLE_SHARE = 0.6  # most of the subject phrase's words must be in a document's title
MAX_NAME_WORDS = 6  # an item without a label is a name only when this short
DOCUMENTS_READ = 3  # the best retrieved documents whose section headings may name the subject
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)]|[a-z][.)])\s+(?P<body>\S.*)$")
_NAMED = re.compile(r"^[*_`]*(?P<name>[^:—–*_`]{2,60}?)[*_`]*\s*(?::|—|–|\s-\s)\s*\S")
_REF = re.compile(r"^[a-z]+:(?P<name>[\w./-]+)\s*$")  # a descriptor's typed reference: "component:tariff-db"
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_ACRONYM = re.compile(r"\(([A-Z][A-Za-z0-9&]{1,9})\)|\b([A-Z]{2,8})\b")


@dataclass(frozen=True)
class Part:
    name: str
    line: Sentence


def asks_parts(analysis: Analysis) -> bool:
    ask = analysis.asks[0]
    return analysis.rel_type == "HAS_COMPONENT" or (
        ask.answer_type == "items" and ask.focus_head in PART_NOUNS)


def _acronyms(text: str) -> set[str]:
    return {a or b for a, b in _ACRONYM.findall(text)}


def _initials(title: str) -> str:
    return "".join(w[0] for w in re.findall(r"[A-Za-z][\w-]*", title) if w[0].isupper())


def names_document(phrase: str, title: str, similarity: Similarity) -> bool:
    """The subject phrase names the document with this title (by acronym or by most of its words)."""
    acronyms = _acronyms(phrase)
    if acronyms & _acronyms(title) or any(a in _initials(title) for a in acronyms if len(a) >= 3):
        return True
    asked = [w for w in words(phrase) if len(w) > 2 and w not in ("the", "and", "product", "system", "service")]
    return bool(asked) and len(similarity.matches(asked, words(title))) >= TITLE_SHARE * len(asked)


def _part_heading(text: str, focus: str, names: frozenset[str] = PART_WORDS) -> bool:
    """A heading of parts names them and no neighbour's side ("## Downstream services" are neighbours)."""
    said = set(words(text))
    return bool(said & (names | ({focus, focus + "s"} if focus else set()))) and not (
        said & DEPENDENT_NOUNS or direction(said))


def _dependency_heading(paired: bool) -> Callable[[str], bool]:
    """A heading or lead-in on the dependencies' side; a descriptor's camel-cased key counts ("dependsOn:")."""
    return lambda text: side(words(_CAMEL.sub(" ", text)), paired) == "dependency"


def dependency_parts(doc_view: DocView) -> list[Part]:
    """The list under the page's dependencies heading (its side read by :func:`verify.directions.side`)."""
    paired = names_both(direction(words(own_heading(p.heading))) for p in doc_view.passages)
    return parts(doc_view, "", heading=_dependency_heading(paired))


def _rows(line: Sentence, headers: dict[int, str]) -> list[tuple[str, str]]:
    """(row text, its header) for each table data row in a citable sentence: a short header row is often merged
    into the sentence of the first data row, so the rows are found by their lines, not by the sentence's start."""
    out: list[tuple[str, str]] = []
    at = line.start
    for n, raw in enumerate(line.text.split("\n")):
        # The first line may be cut after the row's opening bar ("| "): its row starts a few characters before it.
        row = next((k for k in range(at, at - (4 if n == 0 else 1), -1) if k in headers), None)
        if row is not None:
            out.append((raw, headers[row]))
        at += len(raw) + 1
    return out


def _table_part(row: str, column: int | None) -> str:
    """The part a table row names: the cell under the header's part column (else its first worded cell)."""
    said = cells(row)
    if column is not None and column < len(said):
        return said[column] if len(said[column].split()) <= MAX_NAME_WORDS else ""
    return next((c for c in said if re.search(r"[A-Za-z]", c) and len(c.split()) <= MAX_NAME_WORDS), "")


def _citable(doc_view: DocView) -> list[Sentence]:
    """One citable line per start, the longest (a row may also be kept cut short), in document order."""
    longest: dict[int, Sentence] = {}
    for s in doc_view.sentences:
        if s.kind != "metadata" and (s.start not in longest or s.end > longest[s.start].end):
            longest[s.start] = s
    return sorted(longest.values(), key=lambda s: s.start)


def _row_parts(rows: list[tuple[str, str]], line: Sentence, leads: Callable[[str], bool], under: bool) -> list[Part]:
    """The parts the data rows of a table name: in its part column, or in any table under a parts heading."""
    found: list[Part] = []
    for row, header in rows:
        column = next((i for i, c in enumerate(cells(header)) if leads(c)), None)
        name = _table_part(row, column) if under or column is not None else ""
        if name:
            found.append(Part(name, line))
    return found


def _item_part(text: str) -> str:
    """The part a list item names: its reference, its named lead, or the whole short item."""
    ref = _REF.match(text)
    named = _NAMED.match(text)
    body = text.strip(" *_`")
    return ref.group("name") if ref else named.group("name").strip() if named else \
        body if len(body.split()) <= MAX_NAME_WORDS else ""


def parts(doc_view: DocView, focus: str, section: Callable[[str], bool] | None = None,
          heading: Callable[[str], bool] | None = None) -> list[Part]:
    """The first list of parts in the document: items (or table rows) under a heading (or a lead-in line) that
    names parts; a table's part column is the header cell that names parts ("Component", "Module"). With
    ``section``, only the sections whose heading it accepts are read, and any list there is the parts; with
    ``heading``, it (not the part words) says which headings and lead-ins lead a list."""
    leads = heading or (lambda text: _part_heading(text, focus))
    citable = _citable(doc_view)
    headers = table_headers(doc_view)
    for passage in sorted(doc_view.passages, key=lambda p: p.start):
        title = own_heading(passage.heading)
        if section is not None and not section(title):
            continue
        inside = [s for s in citable if passage.start <= s.start < passage.end]
        under = section is not None or leads(title)
        found: list[Part] = []
        for line in inside:
            rows = _rows(line, headers)
            found += _row_parts(rows, line, leads, under)
            if rows:
                continue
            if line.text.lstrip().startswith("|"):
                continue  # a table's header or rule
            item = _ITEM.match(line.text.split("\n", 1)[0])  # an item merged with the next line keeps its own
            if item is None:
                if found:
                    break  # the list ended
                under = under or (line.text.rstrip().endswith(":") and leads(line.text))
                continue
            if under:
                name = _item_part(item.group("body"))
                if name:
                    found.append(Part(name, line))
                if found and any(not _ITEM.match(rest) for rest in line.text.split("\n")[1:] if rest.strip()):
                    break  # the item's sentence runs on past the list ("- c:x\n  providesApis:")
        if len(found) >= 2:
            return found
    return []


def bind_components(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """The listed parts of the document the subject names, or None when no such document lists any."""
    if analysis.subject is None or not asks_parts(analysis):
        return None
    ask = analysis.asks[0]
    subject = analysis.subject.text
    documents = views()
    titled = [(d, parts(d, ask.focus_head)) for d in documents if names_document(subject, d.info.title, similarity)]
    # Else a section whose heading names the subject ("## How the query path is built") and lists its parts.
    headed = [(d, parts(d, ask.focus_head, section=lambda h: names_document(subject, h, similarity)))
              for d in documents[:DOCUMENTS_READ]] if not any(f for _, f in titled) else []
    return next((listed(analysis, d, found) for d, found in (*titled, *headed) if found), None)


def bind_dependency_list(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """What the subject depends on, listed under a dependencies heading of the subject's own document (its title
    names the subject): "## Upstream dependencies" + one item per dependency. None when no such document lists
    any (the walk goes on)."""
    if analysis.subject is None or analysis.route != "dependency" or analysis.rel_type not in (None, "DEPENDS_ON"):
        return None  # a named verb ("what does X call / read from") is asked of the sentences, not of the list
    subject = analysis.subject
    for doc_view in views():
        if not (names_document(subject.text, doc_view.info.title, similarity) or
                names_document(subject.name, doc_view.info.title, similarity)):
            continue
        found = dependency_parts(doc_view)
        if found:
            return listed(analysis, doc_view, found)
    return None


def listed(analysis: Analysis, doc_view: DocView, found: list[Part]) -> Bound:
    """The listed lines as one finding of the asked document, inferred: the list is bound by its document's (or
    section's) subject, not by its lines' words."""
    cited = tuple({p.line.id: p.line for p in found}.values())  # rows merged into one sentence cite it once
    finding = Finding(ask=analysis.asks[0], answer=cited, grade="inferred", reasons=("document_subject",),
                      heading=_heading(doc_view, cited[0]), bound=cited[0])
    return Bound(findings=(finding,), document=doc_view.info)


def _heading(doc_view: DocView, line: Sentence) -> str:
    return next((p.heading for p in doc_view.passages if p.start <= line.start < p.end), "")
