/**
 * The sign-in throttle, as pure decisions over a stored counter: a key (a user name, or a client
 * address) may fail FREE_LOGIN_FAILURES times; after its n-th failure beyond that it waits
 * 2^(n - FREE_LOGIN_FAILURES) seconds (1, 2, 4 … s), at most LOGIN_MAX_DELAY_MS, before the next
 * try is even checked. A fixed lockout (five failures, then 15 minutes) let anyone lock a person
 * out by naming them; growing delays hold a guesser to about a dozen tries an hour while the
 * right password works again within minutes. The counters live in Postgres (`login_attempts`),
 * so the delays hold across dashboard processes and restarts.
 */

/** Failures a key may make before it has to wait. */
export const FREE_LOGIN_FAILURES = 3;
/** The first wait, doubled by each further failure. */
export const LOGIN_BASE_DELAY_MS = 1_000;
/** The longest wait, reached after the 12th failure. */
export const LOGIN_MAX_DELAY_MS = 5 * 60_000;
/** Failures are forgotten this long after the first one counted (a success forgets the name's at once). */
export const LOGIN_WINDOW_MS = 24 * 60 * 60_000;

/** A key's stored counter: failures since `windowStartedAt`, and when it may try again. */
export interface AttemptState { failures: number; windowStartedAt: Date; lockedUntil: Date | null }

/** How long a key waits after its `failures`-th failure: nothing for the first few, then doubling up to the cap. */
export function failureDelayMs(failures: number): number {
  if (failures < FREE_LOGIN_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, LOGIN_BASE_DELAY_MS * 2 ** (failures - FREE_LOGIN_FAILURES));
}

/** When the key may try again, or null when it may try now. */
export function lockedUntil(state: AttemptState | undefined, now: Date): Date | null {
  return state?.lockedUntil && state.lockedUntil > now ? state.lockedUntil : null;
}

/** The counter after one more failure at `now`: a new window when the old one ended, the wait its count earns. */
export function afterFailure(state: AttemptState | undefined, now: Date): AttemptState {
  const isWindowOver = !state || now.getTime() - state.windowStartedAt.getTime() >= LOGIN_WINDOW_MS;
  const failures = isWindowOver ? 1 : state.failures + 1;
  const windowStartedAt = isWindowOver ? now : state.windowStartedAt;
  const delay = failureDelayMs(failures);
  return { failures, windowStartedAt, lockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null };
}

/**
 * How credentials arrived: the sign-in form (a person), or an Authorization header (a script, a
 * Prometheus scrape).
 */
export type SignInChannel = "form" | "header";

/**
 * The keys a sign-in counts against: the user name (case-folded) and the client address. Header
 * credentials count under keys of their own, so that a script or scrape sending a wrong password
 * (say, an old one in a Prometheus config) slows only itself, never the person's sign-in form;
 * guessing through either channel is held to the same delays.
 */
export function attemptKeys(name: string, clientAddress: string, channel: SignInChannel = "form"): string[] {
  const prefix = channel === "form" ? "" : "header-";
  return [`${prefix}user:${name.trim().toLowerCase()}`, `${prefix}addr:${clientAddress}`];
}
