"""Relations read from a table row: each cell whose header is a label relates its values to the row's subject (the
cell under a naming header such as "Service", else the first cell naming a system) or, when the table has no such
column, to what the section is about; a key/value table ("| Owner | Dana Ruiz |") relates the value to the section's
subject; an impact cell ("| X | full outage |") says the document's incident hit the row's system; a task cell
"X: implement **Y**" places its bold deliverable Y in X (Y PART_OF X).
"""

from __future__ import annotations

from dataclasses import replace

from extraction.extraction_types import Mention
from extraction.label_fallbacks import infra_rule
from extraction.line_emitter import LineEmitter
from extraction.line_shapes import ROLE_RELATIONS, ROW_SUBJECT, impact_cell
from extraction.value_clauses import TASK_COLUMNS, bold_deliverable, deliverable_whole
from verify.vocabulary import label_key, label_rule


def table_row(em: LineEmitter, line: tuple[int, int], header: tuple[str, ...]) -> None:
    """One row of a table whose header is ``header`` (rule 1 of `extraction.lines`)."""
    cells, pos = [], line[0]
    raw = em.text[line[0] : line[1]]
    for part in raw.split("|"):
        cells.append((pos, pos + len(part)))
        pos += len(part) + 1
    cells = cells[1:-1] if raw.strip().startswith("|") else cells
    pairs = list(zip(header, cells, strict=False))
    if not pairs:
        return
    key_rule = label_rule(em.text[slice(*pairs[0][1])])
    if key_rule is not None and len(pairs) >= 2:  # a key/value table: "| Owner | Dana Ruiz |"
        subject = em.line_subject(key_rule, line, "")
        for _, cell in pairs[1:]:
            em.relate(key_rule, em.values(*cell, key_rule, em.text[slice(*pairs[0][1])]), subject, pairs[0][1], line)
        return
    # The row's subject: the cell under a naming header, else the first cell (a table's first column names
    # its rows) unless that column is itself a label. No entity there: the row is about something unnamed.
    subject_cell = next((c for h, c in pairs if label_key(h) in ROW_SUBJECT), None)
    if subject_cell is None and label_rule(pairs[0][0]) is None:
        subject_cell = pairs[0][1]
    about: Mention | None = em.ctx.about("topic", line[0])
    named, task = True, None
    if subject_cell is not None:
        inside = [m for m in em.mentions if subject_cell[0] <= m.start and m.end <= subject_cell[1]]
        task = None if inside else next((t for h, c in pairs if label_key(h) in TASK_COLUMNS
                                        and (t := bold_deliverable(em.text, *c))), None)
        named = bool(inside) or task is not None
        about = inside[0] if inside else task or about
    done = len(em.out)
    whole = None if task is None else next((w for h, c in pairs if label_key(h) in TASK_COLUMNS
                                            and (w := deliverable_whole(em.text, c[0], task, em.mentions))), None)
    if task is not None and whole is not None:  # "| X: implement **Y** |": the deliverable is part of X
        em.emit(task, whole, "PART_OF", (whole.start, task.start), line, "text")
    _relate_cells(em, line, pairs, subject_cell, about, named)
    if about is not None and about.type == "Project" and subject_cell is not None and not inside:
        em.out[done:] = [replace(r, planned=True) for r in em.out[done:]]  # a task's deliverable: not done


def _relate_cells(em: LineEmitter, line: tuple[int, int], pairs: list[tuple[str, tuple[int, int]]],
                  subject_cell: tuple[int, int] | None, about: Mention | None, named: bool) -> None:
    """Each labelled cell other than the subject's relates its values to the row's subject (or the document's)."""
    for head, cell in pairs:
        rule = label_rule(head) or infra_rule(head)  # "| Store |": the row's system uses what the cell names
        if named and about is not None and em.ctx.own is not None and impact_cell(head, em.text[slice(*cell)]):
            em.emit(em.ctx.own, about, "AFFECTS", cell, line, "document_subject")  # "| X | full outage |"
        if rule is None or cell == subject_cell:
            continue
        if not named and rule.rel_type in ROLE_RELATIONS:
            continue  # an owner column of an unnamed row (a task) owns the task, not the document's topic
        target = about if rule.about == "topic" else em.ctx.own
        em.relate(rule, em.values(*cell, rule, head), target, cell, line)
