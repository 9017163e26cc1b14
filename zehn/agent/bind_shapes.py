"""Graph questions answered from the shapes documents state who / what in, before or after the graph is walked.

- **Before** the walk (the walk would answer with the wrong item of a list): "who is X assigned to now" reads
  the last hand-over down a ticket's comments (:mod:`zehn.agent.handovers`); "who owns the action item to X" picks
  the item by what it does (:mod:`zehn.agent.action_items`); "who <did> X" reads the author of the comment block
  whose body states the act (:mod:`zehn.agent.comment_blocks`), or else the doer a passive names or the person
  whose act a "This / It / The fix ..." sentence continues (:mod:`zehn.agent.doers`); "what does X depend on"
  reads X's own page: its Upstream / Downstream lines (:mod:`zehn.agent.flow_lines`, also for "what calls X"),
  else the list under a dependencies heading (:mod:`zehn.agent.components`); "does X depend on Y" is ``yes``
  when that page lists Y; "which team owns <a document named by its topic>" reads its team field
  (:mod:`zehn.agent.field_lists`), as does "which components are listed on the ticket where X" (the subject is a
  description of a document, not an entity); "who owns X" reads an ownership map of paths
  (:mod:`zehn.agent.path_owners`).
- A passage question (no graph entity named) asking who did something goes to the same "who" readers first
  (one of several asks: only to the readers of each named item; the passages bind the rest).
- **After** the walk and the question-time binding declined: "who owns / takes X" reads a meeting's ask and its
  answer (:mod:`zehn.agent.spoken_asks`), so a page's owner line, which the walk answers, is never replaced by
  who was asked to look at X; "what are the components of X" reads the list of parts in the document whose title
  names X (:mod:`zehn.agent.components`), else that document's front-matter field naming the asked focus
  (``components``, ``affected_models``: :mod:`zehn.agent.field_lists`). Only then, so a ticket's own labelled
  ``components`` field, which the walk answers, is never replaced by a list.
"""

from __future__ import annotations

from verify.parsing import Parse
from zehn.agent.action_items import bind_action, task_question
from zehn.agent.bound import Bound
from zehn.agent.comment_blocks import bind_comment
from zehn.agent.components import bind_components, bind_dependency_list
from zehn.agent.coordinated_items import bind_actions
from zehn.agent.doers import bind_doer, unstated_act
from zehn.agent.every_item import bind_every
from zehn.agent.field_lists import bind_field, describes_document
from zehn.agent.flow_lines import bind_flow, check_flow
from zehn.agent.handovers import bind_handover
from zehn.agent.kind_names import first_kind_name
from zehn.agent.parses import Parses
from zehn.agent.path_owners import bind_path_owners
from zehn.agent.question import Analysis
from zehn.agent.retrieve import Views
from zehn.agent.similarity import Similarity
from zehn.agent.spoken_asks import bind_spoken
from zehn.agent.stops import Stop

KIND_DOCUMENTS = 3  # documents read for a thing named by its kind (as many as a relation is bound in)
DECLINES = ("not_in_graph", "unknown_entity", "abstained")


def before_walk(analysis: Analysis, views: Views, similarity: Similarity, parses: Parses,
                nlp: Parse) -> Bound | None:
    handed = item_read(analysis, views, similarity, nlp)
    if handed is not None:
        return handed
    if analysis.route == "participation" and analysis.rel_type is not None and describes_document(analysis):
        fielded = bind_field(analysis, views, similarity)  # "the components listed on the ticket where X"
        if fielded is not None:
            return fielded
    if analysis.route == "yes_no":
        return check_flow(analysis, views, similarity)
    if analysis.route == "ownership":
        found = bind_field(analysis, views, similarity) or bind_path_owners(analysis, views)
        if found is None and described_by_act(analysis, nlp):  # only an item that does it answers; no decline
            acted = bind_action(analysis, views, similarity, nlp)
            return acted if acted is not None and acted.paths else None
        return found
    if analysis.route in ("dependency", "dependents"):
        flowed = bind_flow(analysis, views, similarity) or kind_named(analysis, views, similarity, parses)
        if flowed is not None or analysis.route == "dependents":
            return flowed
        return bind_dependency_list(analysis, views, similarity)
    if analysis.route == "participation" or (analysis.route == "attribute" and analysis.asks[0].answer_type == "agent"):
        return first_read(views, bind_comment(analysis, views, similarity, parses),
                          bind_doer(analysis, views, similarity, parses))
    return None


def item_read(analysis: Analysis, views: Views, similarity: Similarity, nlp: Parse) -> Bound | None:
    """The readers that read each item a question names: the last hand-over down a ticket's comments, the owner
    of every follow-up or of each of "X and Y" among action items."""
    handed = bind_handover(analysis, views)
    if handed is not None or not task_question(analysis):
        return handed
    return bind_every(analysis, views, similarity, nlp) or bind_actions(  # "each follow-up from the X thread"
        analysis, views, similarity, nlp)  # each of "X and Y", else the one item asked


def first_read(views: Views, *read: Bound | None) -> Bound | None:
    """Of the "who" readers' answers (a comment block's author, a doer a sentence names), the one read in the
    best-ranked document: each reader states the asked act, so retrieval's order of their documents decides, not
    which reader was asked first (a comment in the third document is no better than a passive in the first). A
    reader's decline counts only when no reader answers; on a tie the earlier reader answers."""
    answers = [b for b in read if b is not None and not b.empty]
    if not answers:
        return next((b for b in read if b is not None), None)
    order = {v.info.id: n for n, v in enumerate(views())}
    return min(answers, key=lambda b: order.get(b.document.id, len(order)) if b.document is not None else len(order))


def kind_named(analysis: Analysis, views: Views, similarity: Similarity, parses: Parses) -> Bound | None:
    """"Which edge router sits in front of the billing API": the asked thing is named by its kind in the documents
    about the subject ("Edge router: traefik-3.1"), a line the walk has no edge for (:mod:`zehn.agent.kind_names`).
    The best documents are read in order; the first that names one answers."""
    ask = analysis.asks[0] if analysis.asks else None
    if ask is None or ask.answer_type != "system":
        return None
    return first_kind_name(ask, analysis.question, views()[:KIND_DOCUMENTS], parses, similarity)


def described_by_act(analysis: Analysis, nlp: Parse) -> bool:
    """"Which team owns the tests that cover X", "who owns validating X against Y": the subject is named by what it
    does or what is done (a clause under its head, a gerund opening it), not by a name, as follow-up items are; the
    item whose words do it is its owner's, where one is listed."""
    subject = analysis.subject
    if subject is None or subject.identifiers or subject.references:
        return False
    parse = nlp(subject.text)  # ("who owns *validating* the bundles": a gerund that opens it names the act)
    return parse[0].tag_ == "VBG" or any(t.dep_ in ("relcl", "acl") and t.pos_ == "VERB" for t in parse)


def after_decline(analysis: Analysis, views: Views, similarity: Similarity, out: Bound | Stop) -> Bound | Stop:
    declined = out.status in DECLINES if isinstance(out, Stop) else out.empty
    if declined:
        spoken = bind_spoken(analysis, views)
        if spoken is not None:
            return spoken
        listed = bind_components(analysis, views, similarity) or bind_field(analysis, views, similarity)
        if listed is not None:
            return listed
    return out


def before_passages(analysis: Analysis, views: Views, similarity: Similarity, parses: Parses,
                    nlp: Parse) -> Bound | None:
    """A question that names no graph entity but asks who did something ("who ran the canary?") is put to the same
    readers first: the author of a comment block or the doer a sentence names is the asked filler, where the best
    passage's topic sentence is not. "What did <person> <act>" is declined when no sentence that names the person
    holds the act (:func:`zehn.agent.doers.unstated_act`). Other passage questions go straight to passage
    binding, and so does a question of several asks ("who did the review, and what did it flag", "who reproduced
    X, who applied the stopgap, and who looked into Y") unless the readers of each named item answer it (the owner
    of each of "X and Y" among action items, :func:`item_read`): a comment block's author, a doer or a meeting's
    ask read one person for one act, and their answer or their "no item does that" speaks for the first ask only,
    while the passages may state every ask."""
    if analysis.asks and analysis.asks[0].answer_type == "agent" and analysis.route in ("attribute", "participation"):
        if len({a.text for a in analysis.asks}) > 1:
            read = item_read(analysis, views, similarity, nlp)
            return read if read is not None and not read.empty else None
        return before_walk(analysis, views, similarity, parses, nlp) or bind_spoken(analysis, views)
    if analysis.route == "attribute":
        return unstated_act(analysis, views, similarity, nlp)
    return None
