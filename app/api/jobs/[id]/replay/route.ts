import { canonicalizeUrl } from "@/lib/rules/url";
import { getSql } from "@/lib/store/infra/sql";
import { readCapture, readReplayDocument } from "@/lib/store/replay";
import { REPLAY_CSP } from "@/lib/results/replay-rewrite";
import { replayMessages } from "@/lib/i18n/replay-messages";
import { findJobId } from "@/app/api/lookup";
import { problemResponse } from "@/app/api/failure";
import { getT } from "@/app/i18n";

export const dynamic = "force-dynamic";

/**
 * A captured page as replayed (`?url=` its URL): the kept HTML with its links leading to their
 * replays, nothing able to run or load (lib/results/replay-rewrite.ts), served with a CSP that
 * allows no script and no load but inline styles and data: images. The dashboard shows it in a
 * sandboxed iframe on /jobs/{id}/replay.
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const raw = new URL(request.url).searchParams.get("url");
  if (!raw) return problemResponse({ status: 400, message: "url: give the captured page's URL, e.g. ?url=https://example.com/", param: "url" });
  const canonical = canonicalizeUrl(raw);
  if (!canonical.ok) return problemResponse({ status: 400, message: `url: ${raw.slice(0, 200)} is not an http(s) URL (${canonical.reason})`, param: "url" });
  const sql = getSql();
  const capture = await readCapture(sql, job.id, canonical.url);
  if (!capture) return problemResponse({ status: 404, message: `job ${job.id} did not capture ${canonical.url.slice(0, 200)}` });
  const { locale } = await getT();
  const doc = await readReplayDocument(sql, job.id, capture, replayMessages(locale).notCapturedTitle);
  if (!doc) return problemResponse({ status: 404, message: `no raw HTML was kept for ${canonical.url.slice(0, 200)} (the job's "keep raw HTML" setting was off, the page was over the size cap, or it was an unchanged revisit)` });
  return new Response(doc.html, {
    headers: {
      "content-type": "text/html; charset=utf-8", "content-security-policy": REPLAY_CSP,
      "x-content-type-options": "nosniff", "referrer-policy": "no-referrer", "cache-control": "private, no-store",
    },
  });
}
