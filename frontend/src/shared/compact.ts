/** JSON with long number arrays (embedding vectors) shortened to "[384 numbers]" (shown work only). */
export function compact(v: unknown, indent?: number): string {
  const s = JSON.stringify(v, (_k, val: unknown) =>
    Array.isArray(val) && val.length > 12 && val.every((x) => typeof x === "number") ? `[${val.length} numbers]` : val,
  indent);
  return s ?? "";
}
