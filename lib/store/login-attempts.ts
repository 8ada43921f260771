/** The sign-in throttle's counters (decisions in lib/auth/rate-limit.ts), shared by every dashboard process. */
import { afterFailure, lockedUntil, type AttemptState } from "../auth/rate-limit";
import type { Sql } from "./infra/sql";

async function readStates(sql: Sql, keys: string[]): Promise<Map<string, AttemptState>> {
  const rows = await sql<(AttemptState & { key: string })[]>`
    select key, failures, window_started_at as "windowStartedAt", locked_until as "lockedUntil"
    from login_attempts where key = any(${keys})`;
  return new Map(rows.map((r) => [r.key, r]));
}

/** The latest time any of `keys` is locked until, or null when a sign-in may be tried now. */
export async function signInLockedUntil(sql: Sql, keys: string[], now = new Date()): Promise<Date | null> {
  const states = await readStates(sql, keys);
  const locks = keys.map((k) => lockedUntil(states.get(k), now)).filter((d): d is Date => d !== null);
  return locks.length ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
}

/** Count a failed sign-in against each key. */
export async function recordSignInFailure(sql: Sql, keys: string[], now = new Date()): Promise<void> {
  await sql.begin(async (tx) => {
    // Make the rows exist, then lock them, so that two processes counting at once do not lose a failure.
    await tx`insert into login_attempts (key) select unnest(${keys}::text[]) on conflict (key) do nothing`;
    await tx`select 1 from login_attempts where key = any(${keys}) order by key for update`;
    const states = await readStates(tx as unknown as Sql, keys);
    for (const key of keys) {
      const s = afterFailure(states.get(key), now);
      await tx`
        insert into login_attempts (key, failures, window_started_at, locked_until)
        values (${key}, ${s.failures}, ${s.windowStartedAt}, ${s.lockedUntil})
        on conflict (key) do update set failures = excluded.failures, window_started_at = excluded.window_started_at,
          locked_until = excluded.locked_until`;
    }
  });
}

/** Forget the failures of a user name after a successful sign-in (the address's count stays). */
export async function clearSignInFailures(sql: Sql, keys: string[]): Promise<void> {
  await sql`delete from login_attempts where key = any(${keys})`;
}
