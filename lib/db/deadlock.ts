/** Deadlock victims, retried: Postgres rolls the whole transaction back, so running it again is safe. */
const DEADLOCK = "40P01";
const MAX_DEADLOCK_RETRIES = 3;

/** Run `fn` (one transaction or statement) again when Postgres chose it as a deadlock victim. */
export async function withDeadlockRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= MAX_DEADLOCK_RETRIES) throw err;
    }
  }
}
