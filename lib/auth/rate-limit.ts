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

/** The keys a sign-in counts against: the user name (case-folded) and the client address. */
export function attemptKeys(name: string, clientAddress: string): string[] {
  return [`user:${name.trim().toLowerCase()}`, `addr:${clientAddress}`];
}
