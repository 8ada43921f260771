/**
 * Export at scale: throughput and the process's peak RSS while exporting many stored pages as
 * CSV and JSON Lines (and WARC for the pages given kept bodies), streamed from the cursor.
 *   npm run bench:export -- [--pages 1000000] [--minutes 10] [--bodies 20000]
 */
import { parseArgs } from "node:util";
import { withBenchDatabase } from "./bench-db";
import { generatePages } from "./results-data";
import { openExport } from "../lib/export/export-job";
import { makeJob } from "../lib/testing/fixtures";

const { values } = parseArgs({ options: { pages: { type: "string" }, minutes: { type: "string" }, bodies: { type: "string" } } });
const PAGES = Number(values.pages ?? 1_000_000);
const BUDGET_MS = Number(values.minutes ?? 10) * 60_000;
const BODIES = Number(values.bodies ?? 200_000);

await withBenchDatabase("export", async (url, sql) => {
  const job = await makeJob(url, { keywords: "农业", seeds: "http://h0.test/", maxPages: 10_000_000 });
  const made = await generatePages(sql, job.id, PAGES, BUDGET_MS, console.log);
  // Kept bodies for the pages at depth 0 (a sixth of them; the WARC export below takes those):
  // one ~6 KB HTML page, gzipped once, as the page store keeps bodies.
  const { gzipSync } = await import("node:zlib");
  const html = Buffer.from(`<html><head><title>农业</title></head><body>${"<p>玉米 水稻 小麦 种植 农业机械</p>".repeat(150)}</body></html>`);
  await sql`insert into page_bodies (page_id, job_id, body_gzip, body_bytes, status_line, response_headers, request_headers)
    select id, job_id, ${gzipSync(html)}, ${html.length}, 'HTTP/1.1 200 OK', '{"content-type":"text/html; charset=utf-8"}', '{"user-agent":"bench"}'
    from pages where job_id = ${job.id} and depth = 0 order by id limit ${BODIES}`;
  const [{ kept }] = await sql`select count(*)::int as kept from page_bodies where job_id = ${job.id}`;
  console.log(`\n${made} pages, ${kept} with kept bodies`);
  console.log("export | pages | seconds | pages/s | MB written | MB/s | peak RSS MB (baseline)");
  for (const [format, filter, pages] of [["csv", "", made], ["jsonl", "", made], ["csv", "&view=relevant", null], ["warc", "", null]] as const) {
    const query = format === "warc" ? "format=warc&depth=0" : `format=${format}${filter}`;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sample = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    const t = performance.now();
    const opened = await openExport(sql, job.id, new URLSearchParams(query));
    if (!opened.ok) throw new Error(opened.problem.message);
    let bytes = 0;
    for await (const chunk of opened.value.chunks) bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
    const s = (performance.now() - t) / 1000;
    clearInterval(sample);
    const n = pages ?? (format === "warc"
      ? (await sql`select count(*)::int as n from pages where job_id = ${job.id} and depth = 0`)[0].n
      : (await sql`select count(*)::int as n from pages where job_id = ${job.id} and is_relevant`)[0].n);
    console.log(`${query} | ${n} | ${s.toFixed(1)} | ${Math.round(n / s)} | ${(bytes / 1e6).toFixed(0)} | ${(bytes / 1e6 / s).toFixed(1)} | ${(peak / 1e6).toFixed(0)} (${(baseline / 1e6).toFixed(0)})`);
  }
});
