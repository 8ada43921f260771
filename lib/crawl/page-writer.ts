/**
 * The worker's page store, in batches (group commit): a page is written at once when no batch is
 * being written, and pages finished meanwhile wait and go together in the next transaction, so the
 * job's and hosts' counters are updated once per batch instead of once per page. Under light load
 * a batch is one page; on a fast crawl it grows to MAX_BATCH.
 */
import { LeaseLostError } from "../store/frontier";
import { storePage, storePages, type PageRecord } from "../store/pages";
import type { Sql } from "../store/infra/sql";

/** Stores the worker's pages. */
export interface PageWriter {
  /** Persist a page (see storePages); rejects with LeaseLostError when its lease was lost. */
  store(page: PageRecord): Promise<{ pageId: string; enqueued: number }>;
}

/** Pages at most in one transaction: its locks are held while all are written. */
export const MAX_BATCH = 16;

interface Waiting { page: PageRecord; resolve: (r: { pageId: string; enqueued: number }) => void; reject: (e: unknown) => void }

/** A writer with at most one batch in flight (batches of one worker then never wait for each other's locks). */
export function createPageWriter(sql: Sql): PageWriter {
  const queue: Waiting[] = [];
  let isWriting = false;

  /** The oldest waiting page and the other pages of its job, up to MAX_BATCH, out of the queue. */
  function takeBatch(): Waiting[] {
    const jobId = queue[0].page.jobId;
    const batch: Waiting[] = [];
    for (let i = 0; i < queue.length && batch.length < MAX_BATCH;) {
      if (queue[i].page.jobId === jobId) batch.push(...queue.splice(i, 1));
      else i++;
    }
    return batch;
  }

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const results = await storePages(sql, batch.map((w) => w.page));
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (err) {
      const lost = err instanceof LeaseLostError && batch.length > 1 ? batch.find((w) => w.page.frontierId === err.id) : undefined;
      if (lost) {
        // Only that page is lost: the others go back to the front of the queue.
        lost.reject(err);
        queue.unshift(...batch.filter((w) => w !== lost));
        return;
      }
      if (batch.length === 1) return batch[0].reject(err);
      // One page the database refuses must not take the others down with it: each alone.
      for (const w of batch) await storePage(sql, w.page).then(w.resolve, w.reject);
    }
  }

  function writeNext(): void {
    if (isWriting || queue.length === 0) return;
    isWriting = true;
    write(takeBatch()).finally(() => {
      isWriting = false;
      writeNext();
    });
  }

  return {
    store(page) {
      return new Promise((resolve, reject) => {
        queue.push({ page, resolve, reject });
        writeNext();
      });
    },
  };
}
