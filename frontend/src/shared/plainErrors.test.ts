import { describe, expect, it } from "vitest";
import { ApiError } from "../api/client";
import { plainError } from "./plainErrors";

const err = (status: number, kind: string, message = "Error 111 connecting to 127.0.0.1:59287. Connection refused.") =>
  new ApiError(status, { status: status === 503 ? "unavailable" : "error", kind, message });

describe("errors in plain words", () => {
  it.each([[503, "unavailable"], [503, "timeout"], [503, "not_ingested"], [503, "missing_index"], [0, "network"],
    [500, "internal"], [500, "policy_violation"], [503, "model_unavailable"]])("%i %s never shows the raw message", (status, kind) => {
    const plain = plainError(err(status, kind));
    expect(`${plain.title} ${plain.text}`).not.toMatch(/Error 111|127\.0\.0\.1/);
    expect(plain.text.length).toBeGreaterThan(20);
  });

  it("a down graph is retriable and covered by the banner", () => {
    expect(plainError(err(503, "unavailable"))).toMatchObject({ retriable: true, graphDown: true });
  });

  it("a rejected input says what was wrong (the message is about the input, not the machine)", () => {
    expect(plainError(new ApiError(422, { status: "rejected", kind: "invalid_input", message: "question: too long" })))
      .toMatchObject({ title: "Not accepted", text: "question: too long", retriable: false });
  });
});
