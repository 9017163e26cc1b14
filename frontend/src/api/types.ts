/** Names for the generated OpenAPI schema types (src/api/schema.gen.d.ts, from openapi.json via `npm run gen:api`). */
import type { components } from "./schema.gen";

type S = components["schemas"];

export type Answer = S["Answer"];
export type AnswerStatus = Answer["status"];
export type Citation = S["Citation"];
export type Candidate = S["Candidate"];
export type GradedPath = S["GradedPath"];
export type Hop = S["Hop"];
export type Grade = Hop["grade"];
export type QueryRecord = S["QueryRecordApi"] | S["QueryRecordOut"];
export type PolicyOut = S["PolicyOut"];
export type PolicyDetail = S["PolicyDetail"];
export type GraphHealth = S["GraphHealth"];

export type HealthOut = S["HealthOut"];
export type HealthStatus = HealthOut["status"];
export type SupervisorState = S["SupervisorOut"];
export type HistoryEntry = S["HistoryEntry"];
export type HistoryOut = S["HistoryOut"];
export type DocumentOut = S["DocumentOut"];
export type EvidenceOut = S["EvidenceOut"];
export type ResolutionOut = S["ResolutionOut"];
export type CandidateOut = S["CandidateOut"];
export type ImpactOut = S["ImpactOut"];
export type ImpactPath = S["ImpactPath"];
export type PathHop = S["PathHop"];
export type NeighborhoodOut = S["NeighborhoodOut"];
export type GraphNode = S["GraphNode"];
export type GraphEdge = S["GraphEdge"];
export type CitationSource = S["CitationSource"];
export type StaleReason = S["StaleReason"];
export type DiffPart = S["DiffPart"];
export type ChangeReview = S["ChangeReview"];
export type ChangeReviewRequest = S["ChangeReviewRequest"];
export type ReviewMatch = S["MatchOut"];
export type ReviewAffected = S["AffectedOut"];
export type ReviewEntry = S["ReviewEntry"];
export type ReviewableDocument = S["ReviewableDocument"];
export type DocumentsOut = S["DocumentsOut"];
export type DocumentSummary = S["DocumentSummary"];
export type EvidenceHit = S["EvidenceHit"];
export type IngestJobOut = S["IngestJobOut"];
export type FileProgress = S["FileProgress"];

/** The server's limit on a question (zehn/api/schemas.py MAX_QUESTION_CHARS); longer ones are never cut. */
export const MAX_QUESTION_CHARS = 4000;

/** The event types of POST /api/answers/stream (zehn/answers/model.py EventType; SSE is not in the spec). */
export const STREAM_EVENT_TYPES = [
  "plan", "tool_call", "tool_result", "hop_grades", "draft", "verdict", "answer", "error",
] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

export interface StreamEvent {
  type: StreamEventType;
  data: Record<string, unknown>;
}

/** The JSON body of every API error (zehn/api/errors.py ErrorOut). */
export interface ErrorBody {
  status: string;
  kind: string;
  message: string;
  retriable?: boolean;
}
