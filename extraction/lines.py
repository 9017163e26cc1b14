"""Relations read from the structure of a document: labelled lines, labelled lists, table rows, review lines and
references. Most facts in enterprise documents are written this way rather than as sentences.

Per line of a chunk (`extraction.line_breaks`: an exported body's written-out "\\n" ends a line too), first rule
that applies:

1. a table row: each cell whose header is a label (`| Service | Owner | Depends on |`) relates its values to the
   row's subject (the cell under a "service"/"system"/"name"/"component" header, else the first cell naming a
   system), or to what the section is about when the table has no such column (`extraction.table_rows`);
2. a review line of a pull request or a review section: "Name (team): comment" -> Name REVIEWED the document
   (not its author); "Name: Approved" / "Name: LGTM" -> Name APPROVED it;
3. a labelled line, "Label: values" at the start of a line or list item (`verify.vocabulary.LABELS`), or an impact
   field opening a sentence inside a line (`extraction.inline_fields`): the values relate to the line's subject;
4. a list item under a label heading or lead-in ("## Dependencies", "Affected services:", "Links:"): the item's
   leading entities are the label's values;
5. a ticket, pull request or page (by key or URL) named anywhere else in the body (not the document's own): the document
   LINKED_TO it, or, when the words around it say so, it FIXES the document's subject ("patch rolled out (PR #21)")
   or CAUSED it ("root cause (PR #5)") - unless the sentence asks a question;
6. an e-mail signature block: the writer MEMBER_OF the team and company it names (`extraction.signatures`);
7. a numbered action item, "ACTION 2 (Team): ... owner: X": nothing (no key names the task, `extraction.actions`);
8. on any line, a role tag after a name ("Dana Ruiz (Assignee)") and a task line keyed by a ticket with its owner
   or assignee ("- OPS-12: add an alert (owner: Dana Ruiz)") (`extraction.task_lines`); in a ticket, what a prose
   environment or impact line names (`extraction.ticket_setup`). Evidence: the line (an exact slice); predicate: the
   label (or the value's cell). A subject not on the line is the document's or section's: ``via="document_subject"``.
"""

from __future__ import annotations

import re
from dataclasses import replace

from extraction.actions import numbered_action
from extraction.doc_context import DocumentContext
from extraction.extraction_types import Mention, RelationCandidate
from extraction.inline_fields import inline_fields
from extraction.label_fallbacks import TEAM_RULE, USES_RULE, fallback_rule, pending_change
from extraction.label_values import VALUE_VERB, VERB_RULES, known_label, next_label
from extraction.lead_claims import lead_claims
from extraction.line_breaks import text_lines
from extraction.line_emitter import LineEmitter
from extraction.line_shapes import (
    BARE_LEAD_IN,
    DASHED_LABEL,
    ITEM,
    LABELLED,
    LEAD_IN,
    PASSIVE_LABEL,
    RANK_LABELS,
    SYSTEM_VALUE_TYPES,
    affected_system,
    environment_section,
    indexed_instance,
    list_openings,
    path_reference,
    stated_unhit,
    titled_reference,
)
from extraction.list_scopes import IMPACT_RULE, LINK_RULE, Scope, list_rule
from extraction.lost_access import lost_access
from extraction.references import references
from extraction.review_lines import review_relation
from extraction.sentence_leads import LEAD_SENTENCE, sentence_lead
from extraction.signatures import signature_relations
from extraction.subject_labels import subject_label
from extraction.table_rows import table_row
from extraction.task_lines import handed_off, keyed_task, tagged_roles
from extraction.ticket_handoffs import ticket_handoffs
from extraction.ticket_setup import ticket_setup
from extraction.value_clauses import deliverable, leading_systems, nested_labels
from extraction.values import led_group, url_mentions, value_mentions
from verify.vocabulary import LABELS, label_key, label_rule


class _Reader(LineEmitter):
    def __init__(self, text: str, mentions: list[Mention], ctx: DocumentContext) -> None:
        super().__init__(text, mentions, ctx)
        self.lead_in: Scope | None = None  # a "Label:" line whose list the next items are
        self.environment = False  # the list after an "Environment:" lead-in: its "Role: X" lines are what is used

    def review(self, line: tuple[int, int]) -> bool:
        found = review_relation(self.text, line, self.ctx, self.mentions)
        if found is not None:
            self.emit(*found, line, "document_subject")
        return found is not None

    def labelled(self, line: tuple[int, int]) -> bool:
        written = self.text[line[0] : line[1]]
        m = LABELLED.match(written) or DASHED_LABEL.match(written) or PASSIVE_LABEL.match(written)
        if m is None or (m.re is not LABELLED and not known_label(m)) or m.group("label").count("(") != m.group(
                "label").count(")"):
            return False  # "- Prod setup for X (org: x-prod)": a colon inside brackets ends no label of the line
        at = line[0]
        label = m.group("label")
        listed = label_rule(label)
        label_span = (at + m.start("label"), at + m.end("label"))
        rule = listed or (None if self._system_named(label_span) else fallback_rule(label))
        named_by_label = None if rule is not None else subject_label(self.text, label_span, self.mentions)
        rule = named_by_label[0] if named_by_label else rule
        environment = rule is None and (self.environment or environment_section(self.ctx.heading_at(at)))
        rule = USES_RULE if environment else rule
        if rule is None:
            return self._verb_value(m, line)
        value = (at + m.start("value"), next_label(self.text, at + m.start("value"), at + m.end("value")))
        values = self.values(*value, rule, label) or leading_systems(self.text, *value, self.mentions, rule)
        if environment:  # "- CI: Jenkins on-prem": only a system or technology the value opens with
            opening = at + m.start("value") + len(m.group("value")) - len(m.group("value").lstrip(" *_`"))
            starts = list_openings(label, self.text, opening, value[1])  # "- Models: a-1, b-2": each part's
            values = [v for v in values if v.start in starts and v.type in SYSTEM_VALUE_TYPES]
            values += [x for s in sorted(starts - {v.start for v in values})
                       if (x := indexed_instance(self.text, s, value[1])) is not None]
            label_span = (label_span[0], at + m.end("value"))  # the role states no verb: the whole pair says "uses"
        role_suffix = label_key(label) not in LABELS and listed is not None  # "billing-export owner:"
        named = [x for x in self.mentions if label_span[0] <= x.start and x.end <= label_span[1]] if role_suffix else []
        named = named or ([g] if role_suffix and rule.rel_type == "LEADS" and (g := led_group(self.text, label_span))
                          else [])  # "Billing infra lead: Dana" leads the group the label names
        named = named or ([named_by_label[1]] if named_by_label else [])
        about = named[0] if named else self.line_subject(rule, line, m.group("lead"))
        if not named and rule.rel_type in ("MEMBER_OF", "LEADS") and (about is None or about.type != "Team"):
            about = self.ctx.group_at(line[0]) or about  # a roster on a team's page or under its heading
        if rule is TEAM_RULE and (about is None or about is self.ctx.own):
            return False  # a "Team:" line with no system to be about says whose write-up it is
        done = len(self.out)
        self.relate(rule, values, about, label_span, line)
        self.members(rule, value, None, values, label_span, line)
        if (about is not None and about is self.parent and about.type == "Project") or (  # a work item: not done yet
                rule.rel_type == "FIXES" and pending_change(written)):  # "Patch PR: <url> (under review)"
            self.out[done:] = [replace(r, planned=True) for r in self.out[done:]]
        for inner, inner_label, inner_value in nested_labels(self.text, *value):  # "(runner group: X)"
            self.relate(inner, self.values(*inner_value, inner, self.text[slice(*inner_label)]),
                        self.line_subject(inner, line, m.group("lead")), inner_label, line)
        if rule.rel_type != "LINKED_TO" and self._links(line[0]):
            self.relate(LINK_RULE, [v for v in values if v.type in ("Ticket", "Page")], self.ctx.own, label_span,
                        line)
        return True

    def _system_named(self, label: tuple[int, int]) -> bool:
        """The label is a system's identifier ("billing-api:", "ledger_db:"), not a role phrase, even where the
        identifier ends in a role word ("runtime", "db"): the line is an entry about that system. A phrase ("Search
        index:", "Data store:") keeps its role."""
        written = self.text[label[0] : label[1]]
        return not any(c.isspace() for c in written) and any(c in written for c in "-_.") and any(
            x.start == label[0] and x.end == label[1] and x.type in SYSTEM_VALUE_TYPES for x in self.mentions)

    def _verb_value(self, m: re.Match[str], line: tuple[int, int]) -> bool:
        """A label of no relation whose value is a clause without its subject ("Scope: Affects the billing API
        only", "Note: Depends on ledger-db for balances"): the verb says what the line's subject does to the systems
        the clause opens with."""
        verb = VALUE_VERB.match(self.text, line[0] + m.start("value"), line[0] + m.end("value"))
        if verb is None:
            return False
        rule = VERB_RULES.get(label_key(verb.group("verb")))
        if rule is None:
            return False
        start, end = verb.end(), next_label(self.text, verb.end(), line[0] + m.end("value"))
        values = leading_systems(self.text, start, end, self.mentions, rule)
        self.relate(rule, values, self.line_subject(rule, line, m.group("lead")), verb.span("verb"), line)
        return bool(values)

    def item_start(self, line: tuple[int, int]) -> None:
        """Remember the entity a top-level list item starts with (its sub-items are about it)."""
        m = ITEM.match(self.text[line[0] : line[1]])
        if m is None or m.group("lead")[:1] in (" ", "\t"):
            return
        start = line[0] + m.start("value")
        first = min((x for x in self.mentions if start <= x.start < line[1]), key=lambda x: x.start, default=None)
        if first is None or first.type not in ("Ticket", "Page"):  # "- OPS-12: ..." names its task
            self.parent = deliverable(self.text, start, line[1])  # "1) **Retry budget**" names one too
            return
        self.parent = first if self.text[start : first.start].strip(" *_`[") == "" else None

    def _scope(self, at: int) -> Scope | None:
        return self.lead_in or self.ctx.scope_at(at)

    def _links(self, at: int) -> bool:
        scope = self._scope(at)
        return scope is not None and scope.rule == LINK_RULE

    def lead(self, line: tuple[int, int]) -> bool:
        """A "Label:" line on its own: the list right after it holds the label's values."""
        sentence = LEAD_SENTENCE.match(self.text[line[0] : line[1]])
        if sentence is not None and len(sentence.group("label").split()) > 3:
            said = sentence_lead(self.text, line[0] + sentence.start("label"), line[0] + sentence.end("label"),
                                 self.mentions)
            if said is not None:  # "The X is consumed by:" over a list: its verb is the list's label
                self.environment = False
                self.lead_in = Scope(line[0], line[1], said.rule, said.verb, said.subject)
                return True
        m = LEAD_IN.match(self.text[line[0] : line[1]]) or BARE_LEAD_IN.match(self.text[line[0] : line[1]])
        if m is None or (len(m.group("label").split()) > 3 and list_rule(m.group("label")) != LINK_RULE):
            return False  # a long label is a sentence, unless it joins reference headings ("Links and related pages")
        self.environment = environment_section(m.group("label"))
        rule = list_rule(m.group("label"))
        label = (line[0] + m.start("label"), line[0] + m.end("label"))
        self.lead_in = Scope(line[0], line[1], rule, label) if rule is not None else None
        return True

    def scoped_item(self, line: tuple[int, int]) -> None:
        scope = self._scope(line[0])
        m = ITEM.match(self.text[line[0] : line[1]])
        if scope is None or m is None:
            return
        value_start = line[0] + m.start("value")
        value_end = line[1]
        if scope.rule == LINK_RULE:  # a list of references: every ticket, pull request or page in the item
            refs = [x for x in value_mentions(self.text, value_start, value_end, [], None, self.ctx.people)]
            refs += [x for x in self.mentions if value_start <= x.start < value_end and x.type in ("Ticket", "Page")]
            titled = None if refs else (titled_reference(self.text, value_start, value_end)
                                        or path_reference(self.text, value_start, value_end))
            for ref in refs + ([titled] if titled is not None else []):  # the heading is far: each names itself
                self.relate(scope.rule, [ref], self.ctx.own, (ref.start, ref.end), line)
            return
        topic = scope.subject or self.ctx.about(scope.rule.about, scope.start)
        colon = self.text.find(": ", value_start, line[1])
        if colon > 0 and self.keyed_role(scope, value_start, colon, line):
            return
        if colon > 0 and not any(value_start <= x.start < colon for x in self.mentions):
            if label_key(self.text[value_start:colon]) not in RANK_LABELS:  # "- Area: Team (Dana)": members only
                return self.members(scope.rule, (colon + 2, line[1]), None, [], scope.label, line)
            value_start = colon + 2  # "Primary: A" under "## Owners": the values follow the item's own label
        elif colon > 0 and self.own_flow(colon + 2, line[1], topic):
            return  # "- X: pulls totals from Y" under "## Downstream": the item says how X is wired, not the heading
        # a note after the item's name ends its value: a dash, a bracket, or a purpose ("- Redis for sessions")
        for stop in (" — ", " – ", " - ", ": ", " (", "; ", " for "):
            at = self.text.find(stop, value_start, line[1])
            if at > 0:
                value_end = min(value_end, at)
        values = value_mentions(self.text, value_start, value_end, self.mentions, scope.rule.value_type,
                                self.ctx.people)
        if scope.rule is IMPACT_RULE:  # "- checkout-api returned 502s for 12 minutes": the systems it opens with
            lost = [hit for hit, _ in lost_access(self.text, value_start, line[1], self.mentions, listed=True)]
            values = [v for v in values if affected_system(self.text, v, value_end)] or lost or ([] if stated_unhit(
                self.text[value_start : line[1]]) else leading_systems(self.text, value_start, line[1],
                                                                         self.mentions, scope.rule))
        self.relate(scope.rule, values, topic, scope.label, line)
        self.members(scope.rule, (value_start, line[1]), None, values, scope.label, line)  # "Primary: Team (Dana)"

    def references(self, sentences: list[tuple[int, int]]) -> None:
        own = self.ctx.own
        if own is None:
            return
        named = self.mentions + url_mentions(self.text, self.ctx.document.body_start, len(self.text))
        for m, role, sentence in references(self.text, named, own, sentences, self.used):
            if role in ("PLANNED_FIX", "ANNOUNCED_FIX"):  # linked, and the fix of what the document is about
                self.emit(own, m, "LINKED_TO", (m.start, m.end), sentence, "document_subject")
                done = len(self.out)
                self.emit(m, own, "FIXES", (m.start, m.end), sentence, "document_subject")
                self.out[done:] = [replace(r, planned=role == "PLANNED_FIX") for r in self.out[done:]]
            elif role in ("LINKED_TO", "FIXED_BY_DOCUMENT"):
                self.emit(own, m, "FIXES" if role == "FIXED_BY_DOCUMENT" else role, (m.start, m.end), sentence,
                          "document_subject")
            else:
                self.emit(m, own, role, (m.start, m.end), sentence, "document_subject")
                if m.type == "Ticket":  # a ticket or PR named as the fix or the cause is a link of the document too
                    self.emit(own, m, "LINKED_TO", (m.start, m.end), sentence, "document_subject")


def find_line_relations(chunk_start: int, chunk_end: int, mentions: list[Mention], ctx: DocumentContext,
                        sentences: list[tuple[int, int]]) -> list[RelationCandidate]:
    """Relations read from the lines of the chunk ``[chunk_start, chunk_end)`` of ``ctx.document``."""
    reader = _Reader(ctx.document.text, mentions, ctx)
    lines = text_lines(ctx.document.text, chunk_start, chunk_end)
    for line in lines:
        header = ctx.tables.get(line[0])
        is_item = ITEM.match(ctx.document.text[line[0] : line[1]]) is not None
        reader.item_start(line)
        reader.out += lead_claims(ctx.document.text, line, ctx.own, mentions)  # "dana: taking lead" is a lead-in too
        if header is not None:
            table_row(reader, line, header)
        elif reader.lead(line):
            continue
        elif numbered_action(ctx.document.text, line):
            pass
        elif not reader.review(line) and not reader.labelled(line):
            reader.scoped_item(line)
        for field in inline_fields(ctx.document.text, line):  # "... UTC. Affected customers: X (...), Y."
            reader.labelled(field)
        reader.out += ticket_setup(ctx, line, mentions, is_item and reader.environment)
        if not is_item:
            reader.lead_in, reader.environment = None, False
        reader.out += tagged_roles(ctx.document.text, line, ctx.own, mentions)
        reader.out += keyed_task(ctx.document.text, line, mentions, ctx.people)
        reader.out += handed_off(ctx.document.text, line, ctx.people)
        reader.out += ticket_handoffs(ctx.document.text, line, ctx.own, mentions, ctx.people)
    reader.references(sentences)
    return reader.out + signature_relations(ctx.document.text, lines)
