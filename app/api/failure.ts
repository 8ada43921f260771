import type { Failure, FailureKind } from "@/lib/store/failure";
import { json } from "../json";

/** The HTTP status each kind of refused operation answers with. */
export const FAILURE_STATUS: Record<FailureKind, number> = { "not-found": 404, conflict: 409, invalid: 400, forbidden: 403 };

/** A refused operation as a JSON error response; `field` names the form field an invalid input belongs to. */
export function failureResponse(f: Failure, field?: string) {
  const fields = field && f.kind === "invalid" ? { fields: { [field]: [f.message] } } : {};
  return json({ error: f.message, ...fields }, { status: FAILURE_STATUS[f.kind] });
}

/** A refused export request as a JSON error; a bad parameter also names itself and what it takes. */
export function problemResponse(p: { status: number; message: string; param?: string; allowed?: string }) {
  return json({ error: p.message, ...(p.param ? { param: p.param, allowed: p.allowed } : {}) }, { status: p.status });
}
