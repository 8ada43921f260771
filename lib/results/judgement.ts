/**
 * People's judgements of pages: the values topic refinement (lib/db/refine.ts, which learns from
 * pages judged relevant and against those judged irrelevant) and the precision estimates read.
 */

/** A judgement a person can give a page; null clears it. */
export const JUDGEMENTS = ["relevant", "irrelevant"] as const;
/** A page's judgement. */
export type Judgement = (typeof JUDGEMENTS)[number];

/** Read `{"judgement": "relevant" | "irrelevant" | null}`; the error names the allowed values. */
export function parseJudgementBody(body: unknown): { ok: true; judgement: Judgement | null } | { ok: false; message: string } {
  const v = (body as { judgement?: unknown } | null)?.judgement;
  if (v === null) return { ok: true, judgement: null };
  if (typeof v === "string" && (JUDGEMENTS as readonly string[]).includes(v)) return { ok: true, judgement: v as Judgement };
  return { ok: false, message: `judgement must be one of: ${JUDGEMENTS.join(", ")}, or null to clear it; send {"judgement":"relevant"}` };
}
