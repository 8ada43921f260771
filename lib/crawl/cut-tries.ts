/**
 * The tries of one worker that a database outage cut. Nothing can be written while the database
 * is away, so such a URL stays leased; once the database answers, every URL the worker holds but
 * is no longer working on goes back to the queue untried (giveBackCutTries): its attempt is not
 * counted and its host is free at once, instead of when the lease would have expired.
 */
import { giveBackCutTries } from "../store/frontier";
import { isDatabaseAway } from "../store/infra/database-away";
import { retryDelayMs } from "../store/infra/backoff";
import type { Sql } from "../store/infra/sql";

/** Track a worker's URLs in flight and give back the ones an outage cut. */
export function createCutTries(sql: Sql, workerId: string, log: (line: string) => void) {
  /** Frontier ids in flight: a lease of this worker not among them is a try an outage cut. */
  const working = new Set<string>();
  let hasCutTries = false;
  /** Failed attempts in a row at giving them back (the database still away). */
  let failures = 0;

  return {
    /** A claimed URL is being worked on. */
    start: (id: string) => void working.add(id),
    /** Its try ended (well or not). */
    end: (id: string) => void working.delete(id),
    /** Note `err` of a database statement; true when it means the database is away (a try it cut goes back later). */
    noteError(err: unknown): boolean {
      if (!isDatabaseAway(err)) return false;
      hasCutTries = true;
      return true;
    },
    /** How long to wait before trying again after `giveBackWhenBack` answered false. */
    waitMs: () => retryDelayMs(failures),
    /** Give the cut tries back: true when done (or none), false while the database is still away. */
    async giveBackWhenBack(): Promise<boolean> {
      if (!hasCutTries) return true;
      hasCutTries = false; // an outage noticed while this runs sets it again
      try {
        const n = await giveBackCutTries(sql, { workerId, workingIds: [...working] });
        if (n) log(`the database is back: ${n} URL(s) whose try it cut went back to the queue untried`);
        failures = 0;
        return true;
      } catch (e) {
        hasCutTries = true;
        failures++;
        if (!isDatabaseAway(e)) log(`could not give back the URLs a database outage cut: ${(e as Error).message}`);
        return false;
      }
    },
  };
}
