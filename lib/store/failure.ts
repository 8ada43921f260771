/**
 * Why a store or maintenance operation did not happen, without HTTP: routes map the kind to a
 * status (app/api/failure.ts), server actions and the CLI to their own messages.
 */

/**
 * not-found: the job or topic named does not exist; conflict: its state forbids it now; invalid:
 * bad input; forbidden: it is someone else's and the requester's role does not reach it.
 */
export type FailureKind = "not-found" | "conflict" | "invalid" | "forbidden";

/** A refused operation and the message that tells the person what to do. */
export interface Failure { ok: false; kind: FailureKind; message: string }

/** Build a Failure. */
export function fail(kind: FailureKind, message: string): Failure {
  return { ok: false, kind, message };
}
