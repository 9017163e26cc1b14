import { describe, expect, it } from "vitest";
import { buildDepartureGraph, namer, rowsFor } from "./departureModel";
import { DANA, handoff, makeDeparture, OLA, openWork } from "./people.fixtures";
import { noteText, ordinal, score } from "./peopleWords";

describe("departure drawing model", () => {
  it("puts the person at the centre and each row's subject on the ring of the depth that adds its section", () => {
    const g = buildDepartureGraph(makeDeparture({ depth: 3 }));
    const ring = Object.fromEntries(g.nodes.map((n) => [n.name, n.ring]));
    expect(ring).toEqual({ "Dana Whitfield": 0, "BIL-7": 1, "Ola Brenner": 3, "BIL-2": 3, "billing-api": 3 });
    expect(g.anchor?.id).toBe(DANA);
  });

  it("draws edges by what they rest on: the row's grade, greyed without evidence, a hand-off as its approval record", () => {
    const bare = openWork({ item: { id: "ticket:bil-9", name: "BIL-9", type: "Ticket" } });
    bare.path = { ...bare.path, node_ids: ["ticket:bil-9", DANA],
      edges: [{ ...bare.path.edges[0]!, source: "ticket:bil-9", evidence_ids: [] }] };
    const away = openWork({ state: "handed_off", handed_off_to: [handoff] });
    const g = buildDepartureGraph(makeDeparture({ depth: 3, open_work: [away, bare] }));
    const grade = Object.fromEntries(g.edges.map((e) => [e.key, e.grade]));
    expect(grade[`ticket:bil-7|ASSIGNED_TO|${DANA}`]).toBe("source_backed");
    expect(grade[`ticket:bil-9|ASSIGNED_TO|${DANA}`]).toBe("insufficient");
    expect(grade[`ticket:bil-7|HANDED_OFF_TO|${OLA}`]).toBe("approval_record");
    expect(grade[`ticket:bil-2|ASSIGNED_TO|${OLA}`]).toBe("inferred");
    expect(g.counts).toEqual({ source_backed: 1, inferred: 2, insufficient: 1, approval_record: 1 });
  });

  it("finds the rows behind a node or an edge of the drawing", () => {
    const g = buildDepartureGraph(makeDeparture({ depth: 3 }));
    expect(rowsFor(g, { kind: "node", id: OLA }).map((r) => r.key)).toEqual(["successors:0"]);
    expect(rowsFor(g, { kind: "node", id: "component:billing-api" }).map((r) => r.key)).toEqual(["successors:0"]);
    expect(rowsFor(g, { kind: "edge", id: `ticket:bil-7|ASSIGNED_TO|${DANA}` }).map((r) => r.key)).toEqual(["open_work:0"]);
  });

  it("names ids from the paths and hand-offs, falling back to the part after the type", () => {
    const name = namer(makeDeparture({ open_work: [openWork({ state: "handed_off", handed_off_to: [handoff] })] }));
    expect(name(OLA)).toBe("Ola Brenner");
    expect(name("component:fraud-rules")).toBe("fraud-rules");
  });
});

describe("people words", () => {
  it("turns query notes and numbers into words", () => {
    expect(noteText("walked: ASSIGNED_TO, OWNS")).toBe("relations walked: assigned to, owns");
    expect(noteText("assigned items: 2 (1 open, 1 done)")).toBe("assigned items: 2 (1 open, 1 done)");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
    expect([0.0045976, 29.16, 0, null].map(score)).toEqual(["0.0046", "29.2", "0", "—"]);
  });
});
