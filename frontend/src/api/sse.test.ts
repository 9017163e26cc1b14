import { describe, expect, it } from "vitest";
import { readSse, SseParser, type SseMessage } from "./sse";

const STREAM =
  ": ping\r\n" +
  "event: plan\r\ndata: {\"steps\":[\"resolve\",\"walk\"]}\r\nid: 1\r\n\r\n" +
  "event: tool_call\ndata: {\"name\":\"impact\",\ndata: \"args\":{\"entity\":\"geö-index ✓\"}}\n\n" +
  "event: answer\rdata: {\"status\":\"answered\",\"text\":\"Ünïcode → 🚀\"}\r\r" +
  "data: no event name\n\n" +
  "event: draft\ndata: unterminated";

const EXPECTED: SseMessage[] = [
  { event: "plan", data: "{\"steps\":[\"resolve\",\"walk\"]}", id: "1" },
  { event: "tool_call", data: "{\"name\":\"impact\",\n\"args\":{\"entity\":\"geö-index ✓\"}}", id: "1" },
  { event: "answer", data: "{\"status\":\"answered\",\"text\":\"Ünïcode → 🚀\"}", id: "1" },
  { event: "message", data: "no event name", id: "1" },
];

const bytes = new TextEncoder().encode(STREAM);

function parseChunks(chunks: Uint8Array[]): SseMessage[] {
  const p = new SseParser();
  return [...chunks.flatMap((c) => p.feed(c)), ...p.finish()];
}

describe("SseParser", () => {
  it("parses a whole stream: CRLF, LF and CR line ends, comments, multi-line data, ids", () => {
    expect(parseChunks([bytes])).toEqual(EXPECTED);
  });

  it("gives the same events however the bytes are split in two (inside CRLF, fields, UTF-8 characters)", () => {
    for (let i = 1; i < bytes.length; i++) {
      expect(parseChunks([bytes.slice(0, i), bytes.slice(i)]), `split at ${i}`).toEqual(EXPECTED);
    }
  });

  it("gives the same events byte by byte", () => {
    expect(parseChunks([...bytes].map((b) => new Uint8Array([b])))).toEqual(EXPECTED);
  });

  it("gives the same events for three-way splits at odd places", () => {
    for (let i = 1; i < bytes.length; i += 7) {
      for (let j = i + 1; j < bytes.length; j += 11) {
        expect(parseChunks([bytes.slice(0, i), bytes.slice(i, j), bytes.slice(j)])).toEqual(EXPECTED);
      }
    }
  });

  it("drops an event that never got its blank line", () => {
    const out = parseChunks([new TextEncoder().encode("event: x\ndata: 1")]);
    expect(out).toEqual([]);
  });
});

describe("readSse", () => {
  it("yields events from a ReadableStream as the chunks arrive", async () => {
    const chunks = [bytes.slice(0, 5), bytes.slice(5, 60), bytes.slice(60, 61), bytes.slice(61)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        chunks.forEach((c) => controller.enqueue(c));
        controller.close();
      },
    });
    const got: SseMessage[] = [];
    for await (const m of readSse(stream)) got.push(m);
    expect(got).toEqual(EXPECTED);
  });
});
