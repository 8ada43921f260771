/**
 * Push the latest state after changes, at most once per interval, never out of order. Used by
 * the job event stream: a busy job notifies hundreds of times a second, and each push reads the
 * job's progress from the database. Reads never overlap: a change seen while a read is under way
 * triggers one more read after it, so the last push always reflects the last change (with
 * overlapping reads, a slow older read could land after a newer one and leave a finished job
 * shown as running).
 */
export interface Coalescer {
  /** Something changed: push fresh state within `intervalMs`. */
  changed(): void;
  /** Read and push now (the first state); resolves once pushed. */
  pushNow(): Promise<void>;
  /** Stop: nothing is read or pushed any more. */
  stop(): void;
}

export function coalesce<T>(read: () => Promise<T | null>, push: (state: T) => void, intervalMs: number): Coalescer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isReading = false;
  let isDirty = false;
  let isStopped = false;

  async function readAndPush(): Promise<void> {
    timer = undefined;
    if (isStopped) return;
    if (isReading) {
      isDirty = true; // read again once the current read is done
      return;
    }
    isReading = true;
    try {
      const state = await read().catch(() => null);
      if (state !== null && !isStopped) push(state);
    } finally {
      isReading = false;
    }
    if (isDirty) {
      isDirty = false;
      changed();
    }
  }

  function changed(): void {
    if (!isStopped) timer ??= setTimeout(readAndPush, intervalMs);
  }

  return {
    changed,
    pushNow: readAndPush,
    stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
