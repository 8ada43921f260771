/** Validation of a comparison: a job definition (as for one job) and the strategies to run it with. */
import { parseJobInput, type FieldErrors, type JobInput } from "./input";
import { STRATEGY_IDS } from "../strategy/registry";

/** At most this many strategies in one comparison (each is a job crawling at the same time). */
export const MAX_COMPARED = STRATEGY_IDS.length;

/** Parse a comparison; `strategies` is a list or a comma-separated string. */
export function parseComparisonInput(raw: Record<string, unknown>):
  { ok: true; value: JobInput; strategies: string[] } | { ok: false; errors: FieldErrors; message: string } {
  const list = Array.isArray(raw.strategies) ? raw.strategies.map(String) : String(raw.strategies ?? "").split(",");
  const strategies = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
  const input = parseJobInput({ ...raw, strategy: "bfs", strategies: undefined });
  const errors: FieldErrors = input.ok ? {} : { ...input.errors };
  const unknown = strategies.filter((s) => !(STRATEGY_IDS as readonly string[]).includes(s));
  if (strategies.length < 2) (errors.strategies ??= []).push("strategies: pick at least two strategies to compare");
  if (unknown.length) (errors.strategies ??= []).push(`strategies: unknown ${unknown.join(", ")}; use any of ${STRATEGY_IDS.join(", ")}`);
  if (!input.ok || Object.keys(errors).length) return { ok: false, errors, message: Object.values(errors).flat().join("; ") };
  return { ok: true, value: input.value, strategies };
}
