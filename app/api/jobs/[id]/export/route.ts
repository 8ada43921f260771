import { getSql } from "@/lib/store/infra/sql";
import { openExport } from "@/lib/export/export-job";
import { json, parseId } from "@/app/json";
import { problemResponse } from "@/app/api/failure";

export const dynamic = "force-dynamic";

/**
 * Export a job's pages: ?format=csv|jsonl|warc and the results page's filters. The file is
 * streamed as the cursor reads pages; an export of a job still running is marked a snapshot
 * (header X-FocusCrawl-Snapshot and "snapshot" in the file name).
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const id = parseId((await ctx.params).id);
  if (id === null) return json({ error: "no such job" }, { status: 404 });
  const opened = await openExport(getSql(), id, new URL(request.url).searchParams);
  if (!opened.ok) return problemResponse(opened.problem);
  const { chunks, contentType, fileName, isSnapshot } = opened.value;
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === "string" ? encoder.encode(value) : value);
    },
    // A download cancelled half way closes the cursor (the generator's finally) and its connection.
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
      ...(isSnapshot ? { "x-focuscrawl-snapshot": "the job is still running: this export holds the pages stored so far" } : {}),
    },
  });
}
