/**
 * The Ask conversation, kept for the whole visit: held above the routes (so opening a citation and coming back
 * loses nothing, and an answer still streaming keeps streaming), mirrored to sessionStorage (a reload or Back
 * from another page restores it), and listed by answer id in the Ask URL (`?a=id,id`, so a conversation can be
 * bookmarked or shared: every stored answer loads from GET /api/answers/{id}).
 *
 * Why not server-side turns: answers are already stored server-side by id; a session object on the server would
 * add state, expiry and ownership for what a list of ids in the URL already gives.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { ApiError } from "../../api/client";
import { streamAnswer } from "../../api/stream";
import type { Answer, ErrorBody, StreamEvent } from "../../api/types";

export interface Turn {
  key: string;
  question: string;
  events: StreamEvent[];
  answer?: Answer;
  error?: unknown;
  running: boolean;
  /** Started in this page's life (not restored): its answer takes the focus when it finishes. */
  live?: boolean;
}

interface StoredTurn extends Omit<Turn, "error" | "live"> {
  error?: { httpStatus: number; body: ErrorBody | null };
}

export const STORAGE_KEY = "zehn.conversation.v1";
const MAX_TURNS = 50;
const INTERRUPTED: ErrorBody = { status: "cancelled", kind: "interrupted", message: "the page was left before the answer finished" };

function load(): Turn[] {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as StoredTurn[]) : [];
    return stored.map((t) => ({
      ...t, running: false,
      error: t.running ? new ApiError(0, INTERRUPTED) : t.error ? new ApiError(t.error.httpStatus, t.error.body) : undefined,
    }));
  } catch {
    return [];
  }
}

function save(turns: Turn[]): void {
  const stored: StoredTurn[] = turns.slice(0, MAX_TURNS).map(({ error, live: _live, ...t }) => ({
    ...t, error: error instanceof ApiError ? { httpStatus: error.httpStatus, body: error.body } : undefined,
  }));
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Full storage: keep the answers, drop the step logs (they are in each answer's queries anyway).
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored.map((t) => ({ ...t, events: [] }))));
    } catch {
      /* the conversation still lives in memory for this visit */
    }
  }
}

export interface Conversation {
  turns: Turn[];
  ask: (question: string) => void;
  stop: (key: string) => void;
  /** Put stored answers (e.g. from the URL) into the conversation, newest first, skipping ones already there. */
  restore: (answers: Answer[]) => void;
  clear: () => void;
}

const Ctx = createContext<Conversation | null>(null);

export function ConversationProvider({ children }: { children: ReactNode }) {
  const [turns, setTurns] = useState<Turn[]>(load);
  const controllers = useRef(new Map<string, AbortController>());
  const counter = useRef(0);

  useEffect(() => save(turns), [turns]);
  useEffect(() => {
    const live = controllers.current;
    return () => live.forEach((c) => c.abort());
  }, []);

  const update = useCallback((key: string, fn: (t: Turn) => Turn) => {
    setTurns((all) => all.map((t) => (t.key === key ? fn(t) : t)));
  }, []);

  const ask = useCallback((question: string) => {
    const key = `t${Date.now().toString(36)}${(counter.current++).toString(36)}`;
    const ctrl = new AbortController();
    controllers.current.set(key, ctrl);
    setTurns((all) => [{ key, question, events: [], running: true, live: true }, ...all]);
    streamAnswer(question, { signal: ctrl.signal, onEvent: (e) => update(key, (t) => ({ ...t, events: [...t.events, e] })) })
      .then((answer) => update(key, (t) => ({ ...t, answer, running: false })))
      .catch((error: unknown) => {
        const stopped = ctrl.signal.aborted;
        update(key, (t) => ({ ...t, running: false,
          error: stopped ? new ApiError(0, { status: "cancelled", kind: "cancelled", message: "stopped" }) : error }));
      })
      .finally(() => controllers.current.delete(key));
  }, [update]);

  const stop = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  const restore = useCallback((answers: Answer[]) => {
    setTurns((all) => {
      const known = new Set(all.map((t) => t.answer?.id).filter(Boolean));
      const added = answers.filter((a) => !known.has(a.id))
        .map((a): Turn => ({ key: `r-${a.id}`, question: a.question, events: [], answer: a, running: false }));
      return added.length ? [...all, ...added] : all;
    });
  }, []);

  const clear = useCallback(() => {
    controllers.current.forEach((c) => c.abort());
    setTurns([]);
  }, []);

  return <Ctx.Provider value={{ turns, ask, stop, restore, clear }}>{children}</Ctx.Provider>;
}

export function useConversation(): Conversation {
  const c = useContext(Ctx);
  if (!c) throw new Error("useConversation needs a ConversationProvider");
  return c;
}
