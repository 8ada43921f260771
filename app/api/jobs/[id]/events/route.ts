import { getJobProgress } from "@/lib/store/jobs";
import { subscribeJobChanges } from "@/lib/store/infra/listen";
import { getPrisma } from "@/lib/store/infra/prisma";
import { findJobId } from "@/app/api/lookup";
import { coalesce } from "@/lib/live/coalesce";

export const dynamic = "force-dynamic";

/** Coalesce bursts of notifications: a busy job sends hundreds a second (lib/live/coalesce.ts). */
const MIN_UPDATE_INTERVAL_MS = 500;
const KEEPALIVE_MS = 15_000;

/** Server-Sent Events: the job's progress now, then on every change (at most twice a second). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  // A job that does not exist never changes: its stream would send keepalives for ever.
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const { id } = job;
  const prisma = getPrisma();
  const encoder = new TextEncoder();
  // The stream can end from either side at any moment, even while start() still awaits its
  // subscription: every write checks, and whatever start() set up is released exactly once.
  let isClosed = false;
  let release = () => {};
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    release();
  };

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const push = (text: string) => {
        if (isClosed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close(); // the consumer went away without cancelling
        }
      };
      const updates = coalesce(() => getJobProgress(prisma, id), (progress) => push(`data: ${JSON.stringify(progress)}\n\n`), MIN_UPDATE_INTERVAL_MS);
      const unsubscribe = await subscribeJobChanges((jobId) => jobId === id && updates.changed());
      const keepalive = setInterval(() => push(": keepalive\n\n"), KEEPALIVE_MS);
      release = () => {
        unsubscribe();
        clearInterval(keepalive);
        updates.stop();
      };
      if (isClosed) release(); // cancelled while subscribing
      request.signal.addEventListener("abort", () => {
        close();
        try { controller.close(); } catch { /* already closed */ }
      });
      await updates.pushNow();
    },
    cancel() {
      close();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
}
