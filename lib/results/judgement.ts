/**
 * People's judgements of pages: the values topic refinement (lib/maintenance/refine.ts, which learns from
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

/** Most pages judged by one request. */
export const MAX_BULK_JUDGEMENTS = 500;

/** Read `{"pageIds": ["12", ...], "judgement": ...}`; the error says what is expected. */
export function parseBulkJudgementBody(body: unknown): { ok: true; pageIds: string[]; judgement: Judgement | null } | { ok: false; message: string } {
  const one = parseJudgementBody(body);
  if (!one.ok) return one;
  const ids = (body as { pageIds?: unknown }).pageIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BULK_JUDGEMENTS || !ids.every((x) => (typeof x === "string" || typeof x === "number") && /^\d{1,18}$/.test(String(x)))) {
    return { ok: false, message: `pageIds must be a list of 1 to ${MAX_BULK_JUDGEMENTS} page ids, e.g. {"pageIds":["12","13"],"judgement":"relevant"}` };
  }
  return { ok: true, pageIds: ids.map(String), judgement: one.judgement };
}
