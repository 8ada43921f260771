import { listPages } from "@/lib/store/page-queries";
import { getPrisma } from "@/lib/store/infra/prisma";
import { getSql } from "@/lib/store/infra/sql";
import { parseResultFilters } from "@/lib/results/filters";
import { listResults, prepareResultQuery } from "@/lib/store/results";
import { checkSinceRun } from "@/lib/store/revisits";
import { json } from "@/app/json";
import { findJobId } from "@/app/api/lookup";
import { parseScreen } from "@/lib/results/screen";

export const dynamic = "force-dynamic";

/**
 * A job's pages. With ?screen=N, a screen of 50 in fetch order (as before); otherwise the results
 * page's filters, search and sort, 50 at a time with `next` as the following screen's `after`
 * cursor; ?text=1 adds each page's main text.
 */
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const job = await findJobId((await ctx.params).id);
  if ("response" in job) return job.response;
  const { id } = job;
  const params = new URL(request.url).searchParams;
  if (params.has("screen")) return json(await listPages(getPrisma(), id, parseScreen(params.get("screen"))));
  const parsed = parseResultFilters(params, ["text"]);
  if (!parsed.ok) return json({ error: parsed.problem.message, param: parsed.problem.param, allowed: parsed.problem.allowed }, { status: 400 });
  const sql = getSql();
  const since = parsed.value.since === undefined ? null : await checkSinceRun(sql, id, parsed.value.since);
  if (since) return json({ error: since.message, param: "since", allowed: since.runs.join("|") || "none" }, { status: 400 });
  const screen = await listResults(sql, prepareResultQuery(id, parsed.value));
  if (params.get("text") !== "1") return json(screen);
  const texts = new Map((await sql<{ id: string; mainText: string }[]>`
    select id, main_text as "mainText" from pages where job_id = ${id} and id = any(${screen.rows.map((r) => r.id)}::bigint[])`).map((r) => [r.id, r.mainText]));
  return json({ ...screen, rows: screen.rows.map((r) => ({ ...r, mainText: texts.get(r.id) ?? "" })) });
}
