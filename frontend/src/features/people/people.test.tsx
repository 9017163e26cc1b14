/** The People screen's parts against stubbed API answers shaped like the real models (people.fixtures.ts). */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, renderAt, urlOf } from "../../test/render";
import { INTERNAL_TOKENS } from "../ask/answerText";
import {
  card, DANA, dana, danaNamesake, experts, handoff, makeDeparture, OLA, openWork, plan,
} from "./people.fixtures";
import { ExpertsResult } from "./ExpertsPanel";
import { PeopleScreen } from "./PeopleScreen";
import { setWriteToken } from "./writeToken";

// jsdom has no canvas: the drawing is Cytoscape's (checked in the browser test); the lists beside it are real.
vi.mock("../../shared/graph/CyGraph", () => ({ CyGraph: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

const evidence = (id: string) => ({ id, document_id: "jira_bil-7", document_title: "Retry failed invoice exports",
  chunk_id: "c1", start: 10, end: 40, text: "Assignee: Dana Whitfield", kind: "metadata", relations: [] });

type Route = (url: URL, init: Request) => Response | Promise<Response>;

/** Answers by path; every request is recorded; an unexpected path fails the test loudly. */
function serve(routes: Record<string, Route>) {
  const seen: Request[] = [];
  vi.stubGlobal("fetch", vi.fn(async (req: Request) => {
    seen.push(req.clone());
    const url = urlOf(req);
    const key = Object.keys(routes).sort((a, b) => b.length - a.length).find((k) => url.pathname.startsWith(k));
    if (!key) throw new Error(`unexpected fetch ${url.pathname}`);
    return routes[key]!(url, req);
  }));
  return seen;
}

const personRoutes = (departure: Route = (u) => json(makeDeparture({ depth: Number(u.searchParams.get("depth")) }))) => ({
  "/api/people/departure": departure,
  "/api/people/handoff": () => json(plan),
  "/api/people/": () => json(card),
  "/api/evidence/": (u: URL) => json(evidence(u.pathname.split("/").pop() ?? "")),
});

const personUrl = (depth = 2) => `/people/${encodeURIComponent(DANA)}?depth=${depth}`;
const renderPerson = (depth = 2) => renderAt(<PeopleScreen />, { path: "/people/:personId", url: personUrl(depth) });

beforeEach(() => setWriteToken(null));
afterEach(() => vi.unstubAllGlobals());

describe("finding a person", () => {
  it("lists namesakes with role, team and documents through the one candidate list, and picks by id", async () => {
    serve({ "/api/people/departure": () => json(makeDeparture({ outcome: "ambiguous", query: "Dana Whitfield",
      person: null, open_work: [], commitments: [], candidates: [dana, danaNamesake] })) });
    renderAt(<PeopleScreen />, { path: "/people", url: "/people?q=Dana%20Whitfield" });
    const list = await screen.findByTestId("candidates");
    expect(list).toHaveTextContent("“Dana Whitfield” could mean 2 different things. Which one?");
    const first = within(list).getByTestId(`candidate-${DANA}`);
    expect(first).toHaveTextContent("named as assignee ×2, owner · team Billing team · 3 documents");
    expect(first).toHaveTextContent("Retry failed invoice exports");
    expect(within(list).getByTestId("candidate-person:dana-whitfield-2")).toHaveTextContent("reporter · team Support");
    await userEvent.click(screen.getByRole("button", { name: /^Open Dana Whitfield, the Person \(named as assignee/ }));
    expect(screen.getByTestId("where")).toHaveTextContent(`/people/${encodeURIComponent(DANA)}?depth=2`);
  });

  it("says 'person not found' for an id the graph does not know, not 'unavailable' and not 'no open work'", async () => {
    const missing = () => json({ status: "not_found", kind: "not_found", message: "no person", retriable: false }, 404);
    serve({ "/api/people/departure": missing, "/api/people/": missing });
    renderPerson();
    expect(await screen.findByTestId("person-not-found")).toHaveTextContent("Person not found");
    expect(screen.queryByTestId("graph-unavailable")).toBeNull();
    expect(screen.queryByTestId("no-open-work")).toBeNull();
  });

  it("says the graph is unavailable when it is down, not 'not found' and not 'no open work'", async () => {
    const down = () => json({ status: "unavailable", kind: "unavailable", message: "graph down", retriable: true }, 503);
    serve({ "/api/people/departure": down, "/api/people/": down });
    renderPerson();
    expect((await screen.findAllByTestId("graph-unavailable")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("person-not-found")).toBeNull();
    expect(screen.queryByTestId("no-open-work")).toBeNull();
  });

  it("says 'no open work' when nothing they hold is open, which is an answer and not a failure", async () => {
    serve(personRoutes(() => json(makeDeparture({ outcome: "no_open_work", open_work: [],
      message: "nothing assigned is open" }))));
    renderPerson();
    expect(await screen.findByTestId("no-open-work")).toHaveTextContent("Nothing assigned to Dana Whitfield is open");
    expect(screen.queryByTestId("graph-unavailable")).toBeNull();
    expect(screen.queryByTestId("person-not-found")).toBeNull();
    expect(await screen.findByTestId("person-card")).toHaveTextContent("Dana Whitfield");
  });
});

describe("the card and what if they leave", () => {
  it("shows centrality with what it rests on, and each collaboration's lines on demand", async () => {
    serve(personRoutes());
    renderPerson();
    const c = await screen.findByTestId("centrality");
    expect(c).toHaveTextContent("PageRank0.012 · 2nd of 9 people");
    expect(c).toHaveTextContent("Betweenness4.5 · 3rd of 9 people");
    expect(c).toHaveTextContent("These rest on 3 documents and 2 collaborators");
    await userEvent.click(within(c).getByRole("button", { name: "Show the lines (2)" }));
    expect(await within(c).findByTestId("evidence-sentence")).toHaveTextContent("Assignee: Dana Whitfield");
    expect(within(c).getByRole("link", { name: /A metadata line naming both/ }))
      .toHaveAttribute("href", "/documents/meet_sync?start=10&end=42");
  });

  it("switches depth through the URL and adds the successors at depth 3", async () => {
    const seen = serve(personRoutes());
    renderPerson(2);
    expect(await screen.findByTestId("section-customers")).toBeInTheDocument();
    expect(screen.queryByTestId("section-successors")).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: /Depth 3/ }));
    const successors = await screen.findByTestId("section-successors");
    expect(successors).toHaveTextContent("1. Ola Brenner: resolved 1 on billing-api");
    const asked = seen.map((r) => urlOf(r)).filter((u) => u.pathname === "/api/people/departure");
    expect(asked.map((u) => u.searchParams.get("depth"))).toEqual(["2", "3"]);
    expect(asked.every((u) => u.searchParams.get("person_id") === DANA)).toBe(true);
    expect(screen.getByTestId("departure")).toHaveAttribute("data-depth", "3");
  });

  it("opens a row in the inspector: its path in words, its evidence sentences and the Cypher that ran", async () => {
    serve(personRoutes());
    renderPerson(3);
    await userEvent.click(await screen.findByRole("button", { name: /Ola Brenner: resolved 1/ }));
    const inspector = screen.getByTestId("inspector");
    expect(within(inspector).getByText(/Open Ola Brenner in People/)).toHaveAttribute("href", `/people/${encodeURIComponent(OLA)}`);
    const sentences = await within(inspector).findAllByTestId("evidence-sentence");
    expect(sentences).toHaveLength(2);
    expect(within(inspector).getAllByTestId("evidence-doc-link")[0]).toHaveAttribute("href",
      "/documents/jira_bil-7?start=10&end=40&ev=ev_cccccccccccccccc");
    await userEvent.click(within(inspector).getByRole("tab", { name: "Paths (1)" }));
    expect(within(inspector).getByText("resolved BIL-2 on billing-api")).toBeInTheDocument();
    expect(inspector).toHaveTextContent("BIL-2 assigned to Ola Brenner");
    await userEvent.click(within(inspector).getByRole("tab", { name: "Queries (1)" }));
    expect(within(inspector).getByLabelText("Cypher of if_person_leaves")).toHaveTextContent("MATCH (t)-[r:RELATES]");
  });

  it("renders no ids, evidence ids or relation tokens in its readable text", async () => {
    serve(personRoutes());
    renderPerson(3);
    await screen.findByTestId("section-successors");
    await userEvent.click(screen.getByText(/How this was looked up/));
    const text = document.body.textContent ?? "";
    for (const pattern of INTERNAL_TOKENS.slice(0, 3)) expect(text).not.toMatch(pattern);
    expect(text).not.toMatch(/\b(?:ASSIGNED_TO|HAS_COMPONENT)\b/);
    expect(text).toContain("relations walked: assigned to, has component");
  });

  it("lists commitments from meetings and chat without offering to reassign them", async () => {
    serve(personRoutes());
    renderPerson();
    const list = await screen.findByTestId("commitments");
    expect(list).toHaveTextContent("Action item: Dana Whitfield - publish the export runbook - 2026-02-20");
    expect(list).toHaveTextContent("ZEHN never reassigns these");
    expect(within(list).queryByRole("checkbox")).toBeNull();
    expect(within(list).queryByRole("combobox")).toBeNull();
  });
});

describe("hand-offs", () => {
  it("words a handed-off item as an approval record, never as a quote, and opens the record", async () => {
    const away = openWork({ state: "handed_off", handed_off_to: [handoff] });
    serve({ ...personRoutes(() => json(makeDeparture({ open_work: [away] }))),
      "/api/people/handoff/approvals/": () => json({ id: handoff.approval_id, from_person: DANA,
        approved_by: "Sam Approver", approved_at: handoff.approved_at, note: "covering leave",
        items: [{ item_id: "ticket:bil-7", to_person_id: OLA }] }) });
    renderPerson();
    const row = await screen.findByRole("button", { name: /BIL-7: handed off/ });
    expect(row).toHaveTextContent("BIL-7: handed off to Ola Brenner, approved by Sam Approver on 2026-05-02");
    expect(row).toHaveTextContent("approval record");
    expect(row).toHaveAttribute("data-state", "handed_off");
    await userEvent.click(row);
    const cite = within(screen.getByTestId("inspector")).getByTestId("approval-citation");
    expect(cite.closest("blockquote")).toBeNull();
    expect(cite.querySelector("blockquote")).toBeNull();
    await userEvent.click(within(cite).getByRole("button", { name: "Open the approval record" }));
    const record = await within(cite).findByTestId("approval-record");
    expect(record).toHaveTextContent("Approved bySam Approver");
    expect(record).toHaveTextContent("ItemsBIL-7 to Ola Brenner");
    expect(record).toHaveTextContent("Notecovering leave");
  });

  it("words work received through a hand-off for its new holder, distinct from a document's assignment", async () => {
    const received = openWork({ via: "handoff", grade: "approval_record", received: handoff });
    serve(personRoutes(() => json(makeDeparture({ open_work: [received, openWork({ item: { id: "ticket:bil-9",
      name: "BIL-9", type: "Ticket" } })] }))));
    renderPerson();
    const rows = await screen.findAllByTestId("row-button");
    expect(rows[0]).toHaveTextContent("BIL-7: status “In Progress”, handed to them from Dana Whitfield, approved by " +
      "Sam Approver on 2026-05-02 approval record");
    expect(rows[1]).toHaveTextContent("BIL-9: status “In Progress” source-backed");
  });

  it("asks for the write token, sends it as a bearer token and refreshes the departure after approval", async () => {
    let approved = false;
    const seen = serve({ ...personRoutes(() => json(makeDeparture({ open_work: [approved
      ? openWork({ state: "handed_off", handed_off_to: [handoff] }) : openWork()] }))),
      "/api/people/handoff/approve": () => {
        approved = true;
        return json({ id: handoff.approval_id, from_person: DANA, approved_by: "Sam Approver",
          approved_at: handoff.approved_at, note: null, items: [{ item_id: "ticket:bil-7", to_person_id: OLA }] }, 201);
      } });
    renderPerson();
    await userEvent.click(await screen.findByRole("button", { name: /Propose owners/ }));
    expect(await screen.findByRole("combobox", { name: "New owner of BIL-7" })).toHaveValue(OLA);
    await userEvent.click(screen.getByRole("button", { name: "Approve 1 hand-off" }));
    await userEvent.type(screen.getByLabelText("Write token", { exact: true }), "s3cret");
    await userEvent.click(screen.getByRole("button", { name: "Use this token" }));
    expect(await screen.findByTestId("approved")).toHaveTextContent("Approved by Sam Approver on 2026-05-02");
    const post = seen.find((r) => r.method === "POST");
    expect(post?.headers.get("Authorization")).toBe("Bearer s3cret");
    expect(await post?.json()).toEqual({ person_id: DANA, items: [{ item_id: "ticket:bil-7", to_person_id: OLA }] });
    await waitFor(() => expect(screen.getAllByTestId("row-button")[0]).toHaveAttribute("data-state", "handed_off"));
  });

  it("forgets a refused token and says nothing was written", async () => {
    setWriteToken("wrong");
    serve({ ...personRoutes(), "/api/people/handoff/approve": () => json({ status: "unauthorized", kind: "unauthorized",
      message: "the bearer token is not valid for writes", retriable: false }, 401) });
    renderPerson();
    await userEvent.click(await screen.findByRole("button", { name: /Propose owners/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Approve 1 hand-off" }));
    expect(await screen.findByTestId("approve-refused")).toHaveTextContent("The write token was not accepted");
    await userEvent.click(screen.getByRole("button", { name: "Approve 1 hand-off" }));
    expect(screen.getByLabelText("Write token", { exact: true })).toBeInTheDocument();
  });
});

describe("who should I ask", () => {
  it("cites each expert's sentences verbatim and numbers the draft's sources instead of showing evidence ids", async () => {
    const { container } = renderAt(<ExpertsResult out={experts} />);
    const expert = screen.getByTestId("expert");
    expect(expert).toHaveTextContent("Dana Whitfield");
    expect(container.querySelector("blockquote")).toHaveTextContent("Invoice exports retry three times before paging.");
    expect(within(expert).getAllByRole("link", { name: "Retry failed invoice exports" })[0])
      .toHaveAttribute("href", "/documents/jira_bil-7?start=120&end=169&ev=ev_1111111111111111");
    const draft = within(expert).getByTestId("draft");
    expect(draft.querySelector("pre")).toHaveTextContent(/paging\." \[1\]/);
    expect(draft.textContent).not.toMatch(/ev_[0-9a-f]{16}/);
    expect(within(draft).getAllByRole("link")).toHaveLength(1);
    expect(draft).toHaveTextContent("ZEHN does not send it.");
  });

  it("says nobody is suggested when nothing answers the topic", () => {
    renderAt(<ExpertsResult out={{ ...experts, outcome: "no_evidence", experts: [], message: null }} />);
    expect(screen.getByTestId("experts-none")).toHaveTextContent("Nothing in the documents answers “invoice exports”");
  });
});
