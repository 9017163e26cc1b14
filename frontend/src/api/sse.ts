/**
 * A Server-Sent Events parser for streams read with fetch + ReadableStream (EventSource cannot POST).
 *
 * Follows the WHATWG event-stream rules: lines end in CRLF, LF or CR; `event:`, `data:` (several lines joined
 * with "\n"), `id:` and `retry:` fields; lines starting with ":" are comments; a blank line dispatches the event.
 * Chunks may split anywhere: inside a field, between CR and LF, or inside a multi-byte UTF-8 character.
 */

export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export class SseParser {
  private buffer = "";
  private pendingCR = false;
  private eventType = "";
  private dataLines: string[] = [];
  private lastId: string | undefined;
  private readonly decoder = new TextDecoder("utf-8");

  /** Feed raw bytes (or already-decoded text); returns the events completed by this chunk. */
  feed(chunk: Uint8Array | string): SseMessage[] {
    const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.consume(text);
  }

  /** End of stream: an event without its blank line is dropped, as the spec says. */
  finish(): SseMessage[] {
    const rest = this.decoder.decode();
    const out = rest ? this.consume(rest) : [];
    this.buffer = "";
    this.dataLines = [];
    this.eventType = "";
    return out;
  }

  private consume(text: string): SseMessage[] {
    const out: SseMessage[] = [];
    let i = 0;
    if (this.pendingCR && text.startsWith("\n")) i = 1; // the LF of a CRLF split across chunks
    this.pendingCR = false;
    let start = i;
    for (; i < text.length; i++) {
      const ch = text[i];
      if (ch !== "\n" && ch !== "\r") continue;
      const line = this.buffer + text.slice(start, i);
      this.buffer = "";
      this.line(line, out);
      if (ch === "\r") {
        if (i + 1 < text.length) {
          if (text[i + 1] === "\n") i++;
        } else {
          this.pendingCR = true;
        }
      }
      start = i + 1;
    }
    this.buffer += text.slice(start);
    return out;
  }

  private line(line: string, out: SseMessage[]): void {
    if (line === "") {
      if (this.dataLines.length > 0) {
        const msg: SseMessage = { event: this.eventType || "message", data: this.dataLines.join("\n") };
        if (this.lastId !== undefined) msg.id = this.lastId;
        out.push(msg);
      }
      this.dataLines = [];
      this.eventType = "";
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventType = value;
    else if (field === "data") this.dataLines.push(value);
    else if (field === "id" && !value.includes("\0")) this.lastId = value;
  }
}

/** Read a whole byte stream, yielding each complete event as soon as it has arrived. */
export async function* readSse(stream: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const parser = new SseParser();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const msg of parser.feed(value)) yield msg;
    }
    for (const msg of parser.finish()) yield msg;
  } finally {
    reader.releaseLock();
  }
}
