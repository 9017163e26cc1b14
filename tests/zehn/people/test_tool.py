"""if_person_leaves is one of the model's tools (derived from the catalogue) and runs through the ToolBox the
answering loop uses: its paths are enriched with evidence and gradable like any walk."""

from __future__ import annotations

from spacy.language import Language

from traversal_policy import TraversalExecutor
from zehn.agent.events import Turn
from zehn.agent.grading import grade_paths
from zehn.agent.tools import ToolBox, tool_schemas


def test_the_model_sees_the_departure_tool_with_typed_parameters() -> None:
    tool = next(t["function"] for t in tool_schemas() if t["function"]["name"] == "if_person_leaves")
    props = tool["parameters"]["properties"]
    assert tool["parameters"]["required"] == ["person_id"]
    assert (props["depth"]["type"], props["depth"]["minimum"], props["depth"]["maximum"]) == ("integer", 1, 3)


def test_a_tool_call_returns_gradable_paths_with_their_sentences(people_executor: TraversalExecutor,
                                                                 nlp: Language) -> None:
    box = ToolBox(people_executor, Turn(None, None))
    result = box.call("if_person_leaves", {"person_id": "person:odile-brandt", "depth": 2})
    assert result.outcome == "found" and not result.rejected
    assert box.path_rows and all("entity" in row for row in box.path_rows)
    assignee_lines = [i.text for key, items in box.edges.items() if key[1] == "ASSIGNED_TO" for i in items]
    assert any('"assignee": "Odile Brandt"' in text for text in assignee_lines)
    views = grade_paths(box.path_rows, box.edges, nlp)
    assert views and all(v.graded.hops for v in views)
