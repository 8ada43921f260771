import { getJobProgress } from "@/lib/db/jobs";
import { subscribeJobChanges } from "@/lib/db/listen";
import { getPrisma } from "@/lib/db/prisma";
import { parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** Coalesce bursts of notifications: a busy job sends hundreds a second. */
const MIN_UPDATE_INTERVAL_MS = 500;
const KEEPALIVE_MS = 15_000;

/** Server-Sent Events: the job's progress now, then on every change (at most twice a second). */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return new Response("no such job", { status: 404 });
  const prisma = getPrisma();
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let isClosed = false;
      const send = async () => {
        timer = undefined;
        const progress = await getJobProgress(prisma, id).catch(() => null);
        if (isClosed || !progress) return;
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(progress)}\n\n`));
      };
      const schedule = () => { timer ??= setTimeout(send, MIN_UPDATE_INTERVAL_MS); };
      const unsubscribe = await subscribeJobChanges((jobId) => jobId === id && schedule());
      const keepalive = setInterval(() => controller.enqueue(encoder.encode(": keepalive\n\n")), KEEPALIVE_MS);
      cleanup = () => {
        isClosed = true;
        unsubscribe();
        clearInterval(keepalive);
        if (timer) clearTimeout(timer);
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        try { controller.close(); } catch { /* already closed */ }
      });
      await send();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-transform", connection: "keep-alive" },
  });
}
