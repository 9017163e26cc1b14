import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeAnswer, policy } from "../../test/fixtures";
import { json, renderAt, urlOf } from "../../test/render";
import { PeopleInAnswer } from "./PeopleInAnswer";

afterEach(() => vi.unstubAllGlobals());

const resolution = (name: string, type: string) => ({ outcome: "resolved", name, match: null, queries: [], policy,
  candidates: [{ id: `${type.toLowerCase()}:${name.toLowerCase().replace(/ /g, "-")}`, name, type, doc_count: 2,
    relation_count: 3, sample_sources: [], score: null }] });

describe("people in an answer", () => {
  it("links each person a path names to their People page, and nothing else", async () => {
    vi.stubGlobal("fetch", vi.fn(async (req: Request) => {
      const q = urlOf(req).searchParams.get("q") ?? "";
      return json(resolution(q, q === "Kim Osei" ? "Person" : "Service"));
    }));
    renderAt(<PeopleInAnswer answer={makeAnswer({ paths: [{ grade: "source_backed", hops: [{ source: "ledger-core",
      rel_type: "ASSIGNED_TO", target: "Kim Osei", evidence_id: "ev_1", grade: "source_backed", reasons: [] }] }] })} />);
    const link = await screen.findByRole("link", { name: "Open Kim Osei in People" });
    expect(link).toHaveAttribute("href", `/people/${encodeURIComponent("person:kim-osei")}`);
    expect(screen.getByTestId("people-in-answer").querySelectorAll("a")).toHaveLength(1);
  });

  it("links a person candidate of an ambiguous answer without looking anything up", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderAt(<PeopleInAnswer answer={makeAnswer({ status: "ambiguous", paths: [], candidates: [
      { entity_id: "person:kim-osei", name: "Kim Osei", type: "Person", documents: 2 },
      { entity_id: "team:kim", name: "Kim", type: "Team", documents: 1 }] })} />);
    expect(screen.getByRole("link", { name: "Open Kim Osei in People" })).toHaveAttribute("href", "/people/person%3Akim-osei");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
