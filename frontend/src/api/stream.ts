/** POST /api/answers/stream: the agent's real steps as Server-Sent Events, then the final answer. */
import { ApiError, readError } from "./client";
import { readSse } from "./sse";
import { STREAM_EVENT_TYPES, type Answer, type StreamEvent, type StreamEventType } from "./types";

function isEventType(name: string): name is StreamEventType {
  return (STREAM_EVENT_TYPES as readonly string[]).includes(name);
}

/** One SSE message as a typed event. The payload may be the event's data or a whole {type, data} object. */
export function toStreamEvent(event: string, raw: string): StreamEvent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const obj = parsed as Record<string, unknown>;
  const wrapped = typeof obj.type === "string" && obj.data && typeof obj.data === "object";
  const type = wrapped ? String(obj.type) : event;
  if (!isEventType(type)) return null;
  const data = (wrapped ? obj.data : obj) as Record<string, unknown>;
  return { type, data };
}

export interface StreamHandlers {
  onEvent: (event: StreamEvent) => void;
  signal?: AbortSignal;
}

/** Stream one question; resolves with the final answer (the `answer` event). Throws ApiError on HTTP errors. */
export async function streamAnswer(question: string, { onEvent, signal }: StreamHandlers): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch("/api/answers/stream", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ question }),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, { status: "unreachable", kind: "network", message: "the ZEHN API cannot be reached" });
  }
  if (!res.ok) throw await readError(res);
  if (!res.body) throw new ApiError(res.status, { status: "error", kind: "stream", message: "empty response" });
  let answer: Answer | null = null;
  for await (const msg of readSse(res.body)) {
    const event = toStreamEvent(msg.event, msg.data);
    if (!event) continue;
    onEvent(event);
    if (event.type === "answer") answer = (event.data.answer ?? event.data) as Answer;
    if (event.type === "error") {
      const body = event.data as { status?: string; kind?: string; message?: string };
      throw new ApiError(body.status === "unavailable" ? 503 : 500, {
        status: body.status ?? "error", kind: body.kind ?? "error", message: body.message ?? "the answer failed",
      });
    }
  }
  if (!answer) throw new ApiError(500, { status: "error", kind: "stream", message: "the stream ended without an answer" });
  return answer;
}
