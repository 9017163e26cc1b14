/** Test data for the people screens, shaped exactly like the API's models (typed by the generated schema). */
import { policy } from "../../test/fixtures";
import type {
  DepartureOut, ExpertsOut, HandoffPlan, HandoffRef, OpenWorkRow, PathOut, PersonCandidate, PersonCard, SuccessorRow,
} from "./types";

export const DANA = "person:dana-whitfield";
export const OLA = "person:ola-brenner";

const doc = (id: string, title: string, updated = "2026-02-10") => ({ id, title, source_type: "jira", updated });

export const dana: PersonCandidate = {
  id: DANA, name: "Dana Whitfield", teams: ["Billing team"], roles: { assignee: 2, owner: 1 },
  documents: [doc("jira_bil-7", "Retry failed invoice exports")], document_count: 3,
};

export const danaNamesake: PersonCandidate = {
  id: "person:dana-whitfield-2", name: "Dana Whitfield", teams: ["Support"], roles: { reporter: 1 },
  documents: [doc("zendesk_441", "Invoice PDF missing")], document_count: 1,
};

export const query = { name: "if_person_leaves", cypher: "MATCH (t)-[r:RELATES]->(p:__Entity__ {id: $person_id}) RETURN t",
  params: { person_id: DANA, depth: 3 }, rows: 3, run_time_ms: 1.2, wall_ms: 2.5, error: null };

function path(nodes: [string, string, string][], rels: string[], evidence: string[][], via: "document" | "handoff" = "document",
  approval: string | null = null): PathOut {
  return {
    node_ids: nodes.map((n) => n[0]), names: nodes.map((n) => n[1]), types: nodes.map((n) => n[2]), rel_types: rels,
    evidence_ids: evidence,
    edges: rels.map((rel, i) => ({ source: nodes[i]![0], rel_type: rel, target: nodes[i + 1]![0],
      evidence_ids: evidence[i] ?? [], via, approval_id: approval })),
  };
}

const ticket: [string, string, string] = ["ticket:bil-7", "BIL-7", "Ticket"];
const danaNode: [string, string, string] = [DANA, "Dana Whitfield", "Person"];

export const handoff: HandoffRef = {
  to: { id: OLA, name: "Ola Brenner", type: "Person" }, from_person: DANA, approval_id: "ho_0123456789abcdef",
  approved_by: "Sam Approver", approved_at: "2026-05-02T09:30:00+00:00",
};

export function openWork(overrides: Partial<OpenWorkRow> = {}): OpenWorkRow {
  return {
    section: "open_work", entity: { id: "ticket:bil-7", name: "BIL-7", type: "Ticket" },
    item: { id: "ticket:bil-7", name: "BIL-7", type: "Ticket" },
    path: path([ticket, danaNode], ["ASSIGNED_TO"], [["ev_aaaaaaaaaaaaaaaa"]]),
    evidence_ids: ["ev_aaaaaaaaaaaaaaaa", "ev_bbbbbbbbbbbbbbbb"], grade: "source_backed", status: "In Progress",
    status_class: "open", via: "document", state: "open", handed_off_to: [], received: null,
    status_line: { document_id: "jira_bil-7", key: "status", values: ["In Progress"], start: 300, end: 325,
      text: '  "status": "In Progress"', evidence_id: "ev_bbbbbbbbbbbbbbbb" },
    documents: [doc("jira_bil-7", "Retry failed invoice exports")], last_updated: "2026-02-10",
    components: ["component:billing-api"], customers: [],
    ...overrides,
  };
}

export const successor: SuccessorRow = {
  section: "successors", rank: 1, entity: { id: OLA, name: "Ola Brenner", type: "Person" },
  person: { id: OLA, name: "Ola Brenner", type: "Person" }, basis: "same_component",
  components: ["component:billing-api"], counts: { resolved: 1, owns: 0, reviewed: 0, related: 0 },
  last_activity: "2026-01-20", grade: "inferred", evidence_ids: ["ev_cccccccccccccccc", "ev_dddddddddddddddd"],
  path: path([[OLA, "Ola Brenner", "Person"], ["ticket:bil-2", "BIL-2", "Ticket"], ["component:billing-api", "billing-api", "Component"]],
    ["ASSIGNED_TO", "HAS_COMPONENT"], [["ev_cccccccccccccccc"], ["ev_dddddddddddddddd"]]),
  paths: [], claims: [{ component: "component:billing-api", kind: "resolved", item: "ticket:bil-2" }],
};
// A ticket's assignee edge points from the ticket to the person, whatever the order the path walks it in.
successor.path.edges[0] = { ...successor.path.edges[0]!, source: "ticket:bil-2", target: OLA };
successor.paths = [successor.path];

export function makeDeparture(overrides: Partial<DepartureOut> = {}): DepartureOut {
  const depth = overrides.depth ?? 2;
  return {
    outcome: "found", query: DANA, depth, person: dana, candidates: [], open_work: [openWork()], customers: [],
    sole_expert_components: [], successors: depth >= 3 ? [successor] : [], commitments: [
      { kind: "action_item", document: doc("meet_sync", "Billing weekly sync", "2026-02-12"),
        text: '  "action_items": ["Dana Whitfield - publish the export runbook - 2026-02-20"]', start: 410, end: 480,
        item: "Dana Whitfield - publish the export runbook - 2026-02-20", evidence_id: "ev_eeeeeeeeeeeeeeee",
        grade: "source_backed", reassign: false },
    ],
    message: null, notes: ["walked: ASSIGNED_TO, HAS_COMPONENT", `depth ${depth}`], queries: [query], policy,
    ...overrides,
  };
}

export const card: PersonCard = {
  id: DANA, name: "Dana Whitfield", profile: dana, open_work: { open: 1, handed_off: 0, status_unknown: 0 },
  roles: { assignee: 2 }, components: { "billing-api": 3 }, topics: { invoices: 2 },
  centrality: { pagerank: 0.0123, betweenness: 4.5, pagerank_rank: 2, betweenness_rank: 3, people: 9, documents: 3,
    collaborators: 2, last: "2026-02-12" },
  collaborations: [{ id: OLA, name: "Ola Brenner", weight: 2, documents: ["jira_bil-7", "meet_sync"],
    evidence: ["ev_ffffffffffffffff", "meet_sync[10:42]"], last: "2026-02-12" }],
  projection: { status: "ready", rebuilt_at: "2026-02-13T00:00:00+00:00", last_ingest: "2026-02-13T00:00:00+00:00",
    stale: false, documents: 5, people: 9, pairs: 12 },
  queries: [query], policy,
};

export const plan: HandoffPlan = {
  person: { id: DANA, name: "Dana Whitfield", type: "Person" },
  proposals: [{ item: { id: "ticket:bil-7", name: "BIL-7", type: "Ticket" }, status: "In Progress",
    components: ["component:billing-api"], proposed: { id: OLA, name: "Ola Brenner", type: "Person" }, basis: successor,
    evidence: [successor.path], alternatives: [] }],
  already_handed_off: [], commitments: makeDeparture().commitments ?? [], queries: [query],
};

export const experts: ExpertsOut = {
  about: "invoice exports", outcome: "found", message: null, notes: [], queries: [query], policy,
  experts: [{
    rank: 1, id: DANA, name: "Dana Whitfield", wrote: 2, involved: 1, roles: ["assignee", "author"],
    documents: [doc("jira_bil-7", "Retry failed invoice exports")], last_activity: "2026-02-10",
    evidence: [{ id: "ev_1111111111111111", text: "Invoice exports retry three times before paging.",
      document: doc("jira_bil-7", "Retry failed invoice exports"), start: 120, end: 169, credit: "wrote" }],
    draft: { text: 'Hi Dana, I\'m looking into invoice exports.\nIn "Retry failed invoice exports" (2026-02-10) I found: ' +
      '"Invoice exports retry three times before paging." [ev_1111111111111111]\nIs this still accurate?',
      cites: ["ev_1111111111111111"], sent: false },
  }],
};
