import { decodeBody } from "@/lib/rules/decode";
import { parsePageId } from "@/lib/store/page-queries";
import { getSql } from "@/lib/store/infra/sql";
import { sanitizeSnapshot, SNAPSHOT_CSP } from "@/lib/results/snapshot";
import { readRawBody } from "@/lib/store/page-bodies";
import { json, parseId } from "@/app/json";

export const dynamic = "force-dynamic";

/** The kept raw HTML of a page, sanitized, with a CSP that lets nothing load or run. */
export async function GET(_request: Request, ctx: { params: Promise<{ id: string; pageId: string }> }) {
  const raw = await ctx.params;
  const jobId = parseId(raw.id);
  const pageId = parsePageId(raw.pageId);
  const kept = jobId === null || pageId === null ? null : await readRawBody(getSql(), jobId, String(pageId));
  if (!kept) return json({ error: "no raw HTML was kept for this page (the job's \"keep raw HTML\" setting was off, or there is no such page)" }, { status: 404 });
  const html = sanitizeSnapshot(decodeBody(kept.body, kept.responseHeaders["content-type"]).text);
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8", "content-security-policy": SNAPSHOT_CSP,
      "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "cache-control": "private, max-age=300",
    },
  });
}
