/** Names for the people API's generated schema types (src/api/schema.gen.d.ts). */
import type { components } from "../../api/schema.gen";

type S = components["schemas"];

export type DepartureOut = S["DepartureOut"];
export type OpenWorkRow = S["OpenWorkRow"];
export type CustomerRow = S["CustomerRow"];
export type SoleExpertRow = S["SoleExpertRow"];
export type SuccessorRow = S["SuccessorRow"];
export type PathOut = S["PathOut"];
export type PathEdge = S["PathEdge"];
export type HandoffRef = S["HandoffRef"];
export type Commitment = S["Commitment"];
export type PersonCandidate = S["PersonCandidate"];
export type PersonCard = S["PersonCard"];
export type Centrality = S["Centrality"];
export type Collaboration = S["Collaboration"];
export type ProjectionState = S["ProjectionState"];
export type HandoffPlan = S["HandoffPlan"];
export type Proposal = S["Proposal"];
export type ApprovalRecord = S["ApprovalRecord"];
export type ApprovalRequest = S["ApprovalRequest"];
export type ExpertsOut = S["ExpertsOut"];
export type Expert = S["Expert"];
export type KeyPeopleOut = S["KeyPeopleOut"];
export type KeyPerson = S["KeyPerson"];
export type DocumentRef = S["DocumentRef"];

/** One row of "what if they leave", whatever its section. */
export type DepartureRow = OpenWorkRow | CustomerRow | SoleExpertRow | SuccessorRow;
export type Section = DepartureRow["section"];
export type RowGrade = DepartureRow["grade"];
