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
import { TIME_MARKS_MINUTES, politeRelevantBound, type Labels } from "../lib/eval/metrics";
import { buildRealWeb, canonicalAddresses, labelRealWeb, REALWEB_LAYOUTS, type RealWebLayout } from "../lib/realweb/build";
import { loadCorpus } from "../lib/realweb/corpora";
import { decodeBody } from "../lib/rules/decode";
import { parseHtml } from "../lib/rules/parse";
import { openDatabase } from "../lib/store/infra/connect";
import { openSql } from "../lib/store/infra/sql";
import { classesThreshold } from "../lib/topic/knowledge/knowledge";
import { buildTopic, scorePage, topicScorer, TopicDefinitionSchema } from "../lib/topic/topic";

const { values } = parseArgs({ options: { data: { type: "string" }, class: { type: "string" }, jobs: { type: "string" }, layout: { type: "string" }, "delay-ms": { type: "string" } } });
const code = (values.class ?? "S").toUpperCase();
const delayMs = Number(values["delay-ms"] ?? 1000);
const layout = values.layout ?? "sites";
if (!(REALWEB_LAYOUTS as readonly string[]).includes(layout)) throw new Error(`--layout must be one of ${REALWEB_LAYOUTS.join(", ")}`);
const web = buildRealWeb(loadCorpus(values.data ?? "../shared/data"), 1, { decoys: true, layout: layout as RealWebLayout });
const labelled = labelRealWeb(web, code);
const own = canonicalAddresses(web);
const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: [code] })));
const threshold = classesThreshold([code]);
if (threshold === undefined) throw new Error(`class ${code} has no threshold of its own in the class knowledge`);

/** Every relevant page under its own address, and those the topic recognizes. */
const relevant = new Set<string>();
const recognized = new Set<string>();
for (const [url, page] of web.pages) {
  if (own.get(page) !== url || !labelled.pages[url].relevant) continue;
  relevant.add(url);
  const html = "html" in page ? page.html() : decodeBody(page.file, page.type).text;
  const parsed = parseHtml(html, url);
  if (scorePage(scorer, parsed.title, parsed.mainText).relevance >= threshold) recognized.add(url);
}
const asLabels = (urls: Set<string>): Labels => ({ relevant: urls, relevantCount: urls.size });
const addressOf = (url: string) => labelled.pages[url]?.sameAs ?? url;

const db = await openDatabase(loadEnv(), (l) => console.error(l));
const sql = openSql(db.url, { max: 1 });
try {
  console.log(`${code}: ${relevant.size} relevant pages, ${recognized.size} of them recognized by the class topic (threshold ${threshold}); ${delayMs} ms per host`);
  console.log(`| job | strategy | pages | set | ${TIME_MARKS_MINUTES.map((m) => `${m} min`).join(" | ")} | at its end (${"s"}) | found ÷ bound at its end |`);
  console.log(`|---|---|---:|---|${TIME_MARKS_MINUTES.map(() => "---:").join("|")}|---:|---:|`);
  for (const id of (values.jobs ?? "").split(",").filter(Boolean).map(Number)) {
    const [job] = await sql<{ strategy: string; startedAt: Date }[]>`select strategy, started_at as "startedAt" from jobs where id = ${id}`;
    if (!job) throw new Error(`job ${id} is not in this database`);
    const pages = await sql<{ url: string; at: Date }[]>`select url, fetched_at as at from pages where job_id = ${id} order by fetched_at`;
    const t0 = job.startedAt.getTime();
    const endMs = pages.length ? pages[pages.length - 1].at.getTime() - t0 : 0;
    for (const [name, set] of [["all relevant", relevant], ["recognized", recognized]] as const) {
      const found = (ms: number) => new Set(pages.filter((p) => p.at.getTime() - t0 <= ms).map((p) => addressOf(p.url)).filter((u) => set.has(u))).size;
      const cells = TIME_MARKS_MINUTES.map((m) => `${found(m * 60_000)} / ${politeRelevantBound(asLabels(set), delayMs, m * 60_000).relevant}`);
      const atEnd = found(endMs) / Math.max(1, politeRelevantBound(asLabels(set), delayMs, endMs).relevant);
      console.log(`| ${id} | ${job.strategy} | ${pages.length} | ${name} | ${cells.join(" | ")} | ${(endMs / 1000).toFixed(0)} | ${atEnd.toFixed(2)} |`);
    }
  }
  console.log("(cells: found / politeness bound by that minute)");
} finally {
  await sql.end();
  await db.stop();
}
