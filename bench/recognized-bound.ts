/**
 * A lab crawl against the politeness bound twice: over every relevant page of the realistic web
 * (lib/eval/metrics.ts politeRelevantBound, each page once however many addresses serve it), and over
 * the relevant pages the job's topic recognizes (scores at or above the class's own threshold). An
 * order can only put first what its topic recognizes; a relevant page the topic scores near 0 is
 * the page filter's miss (bench/RELEVANCE.md), and no order reaches it sooner than by chance.
 *   npx tsx bench/recognized-bound.ts --data DIR --class S --jobs 66,67 [--layout sites|long-tail] [--delay-ms 1000]
 * The jobs are read from the database `focuscrawl eval` used (DATABASE_URL, else the embedded one);
 * the web is built as `focuscrawl realweb` builds it with its default seed (1).
 */
import { parseArgs } from "node:util";
import { loadEnv } from "../lib/env";
import { TIME_MARKS_MINUTES, politeRelevantBound, relevanceBy, relevantByTime, type Labels } from "../lib/eval/metrics";
import { isRealWebLayout, labelRealWeb, REALWEB_LAYOUTS } from "../lib/realweb/build";
import { openDatabase } from "../lib/store/infra/connect";
import { openSql } from "../lib/store/infra/sql";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";
import { realWebPages } from "./realweb-pages";

const { values } = parseArgs({ options: { data: { type: "string" }, class: { type: "string" }, jobs: { type: "string" }, layout: { type: "string" }, "delay-ms": { type: "string" } } });
const code = (values.class ?? "S").toUpperCase();
const delayMs = Number(values["delay-ms"] ?? 1000);
const layout = values.layout ?? "sites";
if (!isRealWebLayout(layout)) throw new Error(`--layout must be one of ${REALWEB_LAYOUTS.join(", ")}`);
const { web, pages: webPages } = realWebPages(values.data ?? "../shared/data", { decoys: true, layout });
const labelled = labelRealWeb(web, code);
const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [code] })));
const threshold = classesThreshold([code]);
if (threshold === undefined) throw new Error(`class ${code} has no threshold of its own in the class knowledge`);

/** Every relevant page under its own address, and those the topic recognizes. */
const relevantPages = webPages.filter((x) => labelled.pages[x.url].relevant);
const relevant = new Set(relevantPages.map((x) => x.url));
const recognized = new Set(relevantPages.filter((x) => scorePage(scorer, x.title, x.text).relevance >= threshold).map((x) => x.url));
const asLabels = (urls: Set<string>): Labels => ({ relevant: urls, relevantCount: urls.size });

const db = await openDatabase(loadEnv(), (l) => console.error(l));
const sql = openSql(db.url, { max: 1 });
try {
  console.log(`${code}: ${relevant.size} relevant pages, ${recognized.size} of them recognized by the class topic (threshold ${threshold}); ${delayMs} ms per host`);
  console.log(`| job | strategy | pages | set | ${TIME_MARKS_MINUTES.map((m) => `${m} min`).join(" | ")} | at its end (${"s"}) | found ÷ bound at its end |`);
  console.log(`|---|---|---:|---|${TIME_MARKS_MINUTES.map(() => "---:").join("|")}|---:|---:|`);
  for (const id of (values.jobs ?? "").split(",").filter(Boolean).map(Number)) {
    const [job] = await sql<{ strategy: string; startedAt: Date }[]>`select strategy, started_at as "startedAt" from jobs where id = ${id}`;
    if (!job) throw new Error(`job ${id} is not in this database`);
    const rows = await sql<{ url: string; at: Date }[]>`select url, fetched_at as at from pages where job_id = ${id} order by fetched_at`;
    // Each fetch under its page's own address, as the sets hold them.
    const pages = rows.map((r) => ({ url: labelled.pages[r.url]?.sameAs ?? r.url, at: r.at.getTime(), isRelevant: false }));
    const t0 = job.startedAt.getTime();
    const endMs = pages.length ? pages[pages.length - 1].at - t0 : 0;
    for (const [name, set] of [["all relevant", relevant], ["recognized", recognized]] as const) {
      const labels = asLabels(set);
      const found = relevantByTime(pages, t0, Infinity, [...TIME_MARKS_MINUTES, endMs / 60_000], relevanceBy(labels, pages));
      const at = (ms: number) => found.find((f) => f.minutes === ms / 60_000)!.relevant;
      const cells = TIME_MARKS_MINUTES.map((m) => `${at(m * 60_000)} / ${politeRelevantBound(labels, delayMs, m * 60_000).relevant}`);
      const atEnd = at(endMs) / Math.max(1, politeRelevantBound(labels, delayMs, endMs).relevant);
      console.log(`| ${id} | ${job.strategy} | ${pages.length} | ${name} | ${cells.join(" | ")} | ${(endMs / 1000).toFixed(0)} | ${atEnd.toFixed(2)} |`);
    }
  }
  console.log("(cells: found / politeness bound by that minute)");
} finally {
  await sql.end();
  await db.stop();
}
