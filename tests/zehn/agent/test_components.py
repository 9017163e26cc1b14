"""A dependency table under a "Depends on" heading of the subject's own document: every data row is a
dependency, the first one too (its sentence often starts at the header row). Documents are our own."""

from __future__ import annotations

from spacy.language import Language

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.analyse import analyse
from zehn.agent.components import bind_dependency_list
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity

TITLE = "Design: clip-renderer v3"
DOC = """# Design: clip-renderer v3

## Depends on

| Dependency | Used for |
|------------|----------|
| asset-fetch | source clips |
| font-cache | caption fonts |

## Talks to

The renderer calls the watermark-svc before it writes a clip.
"""


def _merged_header(view: DocView) -> DocView:
    """The first data row's sentence starts at the header row, as ingest often keeps a short header row."""
    rows = [s for s in view.sentences if s.text.startswith("|")]
    header, first = rows[0], rows[2]
    merged = Sentence(header.id, DOC[header.start:first.end], header.document_id, header.start, first.end, "sentence")
    kept = [merged, *(s for s in view.sentences if s.start > first.start or not s.text.startswith("|"))]
    return DocView(view.info, view.passages, 1.0, True, lambda: kept)


def _listed(nlp: Language, question: str) -> list[str]:
    view = _merged_header(markdown_view(DOC, TITLE))
    bound = bind_dependency_list(analyse(question, nlp), lambda: (view,), Similarity(None))
    return [] if bound is None else [s.text for f in bound.findings for s in f.answer]


def test_every_row_of_a_dependency_table_is_listed_even_one_merged_with_the_header(nlp: Language) -> None:
    found = _listed(nlp, "What does the clip-renderer depend on?")
    assert len(found) == 2 and "asset-fetch" in found[0] and "font-cache" in found[1]


def test_a_named_verb_is_not_answered_from_the_dependency_list(nlp: Language) -> None:
    assert _listed(nlp, "What does the clip-renderer call before it writes a clip?") == []


DESCRIPTOR = """# parcel-api

```yaml
metadata:
  name: parcel-api
spec:
  owner: team-parcels
  dependsOn:
    - component:label-store
    - resource:parcel-cache
  providesApis:
    - parcel-v2
```
"""


def test_a_descriptors_depends_on_key_lists_typed_references(nlp: Language) -> None:
    view = markdown_view(DESCRIPTOR, "Service catalogue: parcel-api")
    bound = bind_dependency_list(analyse("What does parcel-api depend on?", nlp), lambda: (view,), Similarity(None))
    assert bound is not None
    assert [s.text.strip() for s in bound.findings[0].answer] == ["- component:label-store", "- resource:parcel-cache"]


def test_an_item_merged_with_the_next_line_still_names_its_part(nlp: Language) -> None:
    view = markdown_view(DESCRIPTOR, "Service catalogue: parcel-api")
    lines = list(view.sentences)
    at = next(n for n, s in enumerate(lines) if "parcel-cache" in s.text)
    merged = Sentence(lines[at].id, DESCRIPTOR[lines[at].start:lines[at + 1].end], lines[at].document_id,
                      lines[at].start, lines[at + 1].end, "sentence")
    kept = [*lines[:at], merged, *lines[at + 2:]]
    joined = DocView(view.info, view.passages, 1.0, True, lambda: kept)
    bound = bind_dependency_list(analyse("What does parcel-api depend on?", nlp), lambda: (joined,), Similarity(None))
    assert bound is not None and len(bound.findings[0].answer) == 2
    assert "parcel-cache" in bound.findings[0].answer[1].text
