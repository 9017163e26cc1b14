"""A turn's speaker (name and role) is read with every line of the turn, not only with its header line."""

from __future__ import annotations

from tests.zehn.agent.markdown_view import markdown_view
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.turn_speakers import speaker_of

THREAD = """# Nightly export fails after the key change

## comments

2026-02-01 09:10 - Ana Ruiz (Security): Please keep the old key disabled.
We need a signed waiver in the wiki first.
2026-02-01 10:02 - Ben Okafor: Rebuilt the exporter image.
Export passes on the east nodes.
> We need a signed waiver in the wiki first.
"""


def test_a_later_sentence_of_a_turn_is_spoken_by_its_header() -> None:
    view = markdown_view(THREAD, "Nightly export fails after the key change")
    later = next(s for s in view.sentences if s.text.startswith("We need"))
    assert speaker_of(view, later) == "Ana Ruiz Security"


def test_each_turn_has_its_own_speaker() -> None:
    view = markdown_view(THREAD, "Nightly export fails after the key change")
    passes = next(s for s in view.sentences if s.text.startswith("Export passes"))
    assert speaker_of(view, passes) == "Ben Okafor"


def test_a_quoted_line_is_not_the_quoting_speakers_words() -> None:
    view = markdown_view(THREAD, "Nightly export fails after the key change")
    quoted = [s for s in view.sentences if s.text.lstrip().startswith(">")]
    assert all(speaker_of(view, s) == "" for s in quoted)


def test_a_document_without_turns_lends_no_speaker() -> None:
    view = markdown_view("# Runbook\n\n## Steps\n\nRestart the exporter. Check the queue.\n", "Runbook")
    assert all(speaker_of(view, s) == "" for s in view.sentences)


TRANSCRIPT = """# Storage sync - 2026-02-03

## Notes

**Mira Lund (Platform):**
We will freeze the bucket layout until the audit closes.
**Ben Ode:**
Fine by me.
"""


def _with_people(view: DocView, people: str) -> DocView:
    front = Sentence("ev_meta", people, view.info.id, 0, 0, "metadata")
    return DocView(view.info, view.passages, 1.0, True, lambda: [front, *view.sentences])


def test_a_speaker_label_on_its_own_line_speaks_the_lines_below_it() -> None:
    view = _with_people(markdown_view(TRANSCRIPT, "Storage sync - 2026-02-03"),
                        'participants: ["Mira Lund", "Ben Ode"]')
    freeze = next(s for s in view.sentences if s.text.startswith("We will freeze"))
    fine = next(s for s in view.sentences if s.text.startswith("Fine"))
    assert speaker_of(view, freeze) == "Mira Lund Platform"
    assert speaker_of(view, fine) == "Ben Ode"


def test_a_name_alone_on_its_line_that_the_metadata_does_not_list_is_a_label_not_a_speaker() -> None:
    view = _with_people(markdown_view(TRANSCRIPT, "Storage sync - 2026-02-03"), 'participants: ["Ben Ode"]')
    freeze = next(s for s in view.sentences if s.text.startswith("We will freeze"))
    assert speaker_of(view, freeze) == ""
