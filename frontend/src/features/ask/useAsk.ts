/** The Ask conversation: each turn streams its steps, then ends in an answer or an error. */
import { useCallback, useEffect, useRef, useState } from "react";
import { streamAnswer } from "../api/stream";
import type { Answer, StreamEvent } from "../api/types";

export interface Turn {
  id: number;
  question: string;
  events: StreamEvent[];
  answer?: Answer;
  error?: unknown;
  running: boolean;
}

export function useAsk() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const nextId = useRef(1);
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const live = controllers.current;
    return () => live.forEach((c) => c.abort());
  }, []);

  const ask = useCallback(async (question: string) => {
    const id = nextId.current++;
    const ctrl = new AbortController();
    controllers.current.add(ctrl);
    const update = (fn: (t: Turn) => Turn) => setTurns((all) => all.map((t) => (t.id === id ? fn(t) : t)));
    setTurns((all) => [{ id, question, events: [], running: true }, ...all]);
    try {
      const answer = await streamAnswer(question, {
        signal: ctrl.signal,
        onEvent: (e) => update((t) => ({ ...t, events: [...t.events, e] })),
      });
      update((t) => ({ ...t, answer, running: false }));
    } catch (error) {
      if (ctrl.signal.aborted) return;
      update((t) => ({ ...t, error, running: false }));
    } finally {
      controllers.current.delete(ctrl);
    }
  }, []);

  return { turns, ask, busy: turns.some((t) => t.running) };
}
