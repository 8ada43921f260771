/**
 * One LISTEN connection per process, fanned out to any number of subscribers (SSE streams).
 * Workers notify JOB_CHANNEL on every stored outcome (lib/store/events.ts).
 */
import { openSql, type Sql } from "./sql";

/** The notification channel every change of a job is announced on, with the job id as payload. */
export const JOB_CHANNEL = "focuscrawl_job";

type Listener = (jobId: number) => void;

const state = globalThis as unknown as { focuscrawlListen?: { sql: Sql; listeners: Set<Listener>; ready: Promise<unknown> } };

/** Call `fn` with the job id of every notification; returns the unsubscribe function. */
export async function subscribeJobChanges(fn: Listener): Promise<() => void> {
  if (!state.focuscrawlListen) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set");
    const sql = openSql(url, { max: 1, app: "focuscrawl-listen" });
    const listeners = new Set<Listener>();
    const ready = sql.listen(JOB_CHANNEL, (payload) => {
      const id = Number(payload);
      for (const l of listeners) l(id);
    });
    const current = { sql, listeners, ready };
    state.focuscrawlListen = current;
    // A LISTEN that could not be set up (the database away) is not kept: the next subscriber
    // tries again. Once it is up, postgres.js sets it up again by itself after a reconnect.
    ready.catch(() => {
      if (state.focuscrawlListen === current) state.focuscrawlListen = undefined;
      void sql.end({ timeout: 1 }).catch(() => {});
    });
  }
  const { listeners, ready } = state.focuscrawlListen;
  await ready;
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Close the process's LISTEN connection (tests, shutdown); the next subscriber opens a new one. */
export async function stopJobChanges(): Promise<void> {
  const current = state.focuscrawlListen;
  state.focuscrawlListen = undefined;
  await current?.sql.end({ timeout: 1 });
}
