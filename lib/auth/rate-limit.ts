/**
 * The sign-in throttle, as pure decisions over a stored counter: after MAX_LOGIN_FAILURES failed
 * sign-ins within LOGIN_WINDOW_MS, a key (a user name, or a client address) is locked for
 * LOGIN_LOCK_MS, whatever the password. The counters live in Postgres (`login_attempts`), so
 * the limit holds across dashboard processes and restarts.
 */

export const MAX_LOGIN_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 15 * 60_000;

/** A key's stored counter. */
export interface AttemptState { failures: number; windowStartedAt: Date; lockedUntil: Date | null }

/** When the key may try again, or null when it may try now. */
export function lockedUntil(state: AttemptState | undefined, now: Date): Date | null {
  return state?.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null;
}

/** The counter after one more failure at `now`: a new window when the old one ended, a lock at the limit. */
export function afterFailure(state: AttemptState | undefined, now: Date): AttemptState {
  const isWindowOver = !state || now.getTime() - state.windowStartedAt.getTime() >= LOGIN_WINDOW_MS
    || (state.lockedUntil !== null && state.lockedUntil <= now);
  const failures = isWindowOver ? 1 : state.failures + 1;
  const windowStartedAt = isWindowOver ? now : state.windowStartedAt;
  return { failures, windowStartedAt, lockedUntil: failures >= MAX_LOGIN_FAILURES ? new Date(now.getTime() + LOGIN_LOCK_MS) : null };
}

/**
 * How credentials arrived: the sign-in form (a person), or an Authorization header (a script, a
 * Prometheus scrape).
 */
export type SignInChannel = "form" | "header";

/**
 * The keys a sign-in counts against: the user name (case-folded) and the client address. Header
 * credentials count under keys of their own, so that a script or scrape sending a wrong password
 * (say, an old one in a Prometheus config) locks only itself, never the person's sign-in form;
 * guessing through either channel is still limited to MAX_LOGIN_FAILURES a window.
 */
export function attemptKeys(name: string, clientAddress: string, channel: SignInChannel = "form"): string[] {
  const prefix = channel === "form" ? "" : "header-";
  return [`${prefix}user:${name.trim().toLowerCase()}`, `${prefix}addr:${clientAddress}`];
}
