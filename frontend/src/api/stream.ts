/**
 * POST /api/answers/stream: the agent's real steps as Server-Sent Events, then the final answer.
 *
 * The request goes through the typed client (`parseAs: "stream"`); the event stream is parsed by
 * eventsource-parser. Aborting the signal (the Stop button) closes the connection, which cancels the server's
 * work (the API sets its cancel flag when the client disconnects).
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { ApiError, api } from "./client";
import { STREAM_EVENT_TYPES, type Answer, type ErrorBody, type StreamEvent, type StreamEventType } from "./types";

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

/** Each complete SSE message of a byte stream, as soon as it has arrived. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<EventSourceMessage> {
  const ready: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (m) => void ready.push(m) });
  const decoder = new TextDecoder("utf-8");
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      while (ready.length) yield ready.shift() as EventSourceMessage;
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

export interface StreamHandlers {
  onEvent: (event: StreamEvent) => void;
  signal?: AbortSignal;
}

function errorFromEvent(data: Record<string, unknown>): ApiError {
  const body: ErrorBody = {
    status: typeof data.status === "string" ? data.status : "error",
    kind: typeof data.kind === "string" ? data.kind : "error",
    message: typeof data.message === "string" ? data.message : "the answer failed",
  };
  return new ApiError(body.status === "unavailable" ? 503 : 500, body);
}

/** Stream one question; resolves with the final answer (the `answer` event). Throws ApiError on failures. */
export async function streamAnswer(question: string, { onEvent, signal }: StreamHandlers): Promise<Answer> {
  const { data, error, response } = await api.POST("/api/answers/stream", {
    body: { question }, parseAs: "stream", signal, headers: { Accept: "text/event-stream" },
  });
  if (!response.ok) {
    const body = error && typeof error === "object" && "message" in error ? (error as ErrorBody) : null;
    throw new ApiError(response.status, body);
  }
  if (!data) throw new ApiError(response.status, { status: "error", kind: "stream", message: "empty response" });
  let answer: Answer | null = null;
  for await (const msg of readEvents(data)) {
    const event = toStreamEvent(msg.event ?? "message", msg.data);
    if (!event) continue;
    onEvent(event);
    if (event.type === "answer") answer = (event.data.answer ?? event.data) as Answer;
    if (event.type === "error") throw errorFromEvent(event.data);
  }
  if (!answer) throw new ApiError(500, { status: "error", kind: "stream", message: "the stream ended without an answer" });
  return answer;
}
