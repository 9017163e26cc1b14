/** The active traversal policy, fetched live from GET /api/policy and shared (the header badge reads it). */
import { createContext, useContext, type ReactNode } from "react";
import { api, unwrap } from "../api/client";
import type { PolicyDetail } from "../api/types";
import { useApi, type Loadable } from "./useApi";

interface PolicyState {
  policy: Loadable<PolicyDetail>;
  reload: () => void;
}

const Ctx = createContext<PolicyState>({ policy: { state: "idle" }, reload: () => undefined });

export function PolicyProvider({ children }: { children: ReactNode }) {
  const [policy, reload] = useApi((signal) => unwrap(api.GET("/api/policy", { signal })), []);
  return <Ctx.Provider value={{ policy, reload }}>{children}</Ctx.Provider>;
}

export function usePolicy(): PolicyState {
  return useContext(Ctx);
}
