/**
 * Results search at scale: p50/p95 of one screen of search results (ranked, with snippets) and
 * of the other views the results page shows, on many stored pages.
 *   npm run bench:results-search -- [--pages 1000000] [--minutes 10] [--runs 40] [--keep DIR]
 * Pages are generated with set-based SQL (bench/results-data.ts) until --pages or the time
 * budget is reached; the count actually made is printed. With --keep the database stays in DIR
 * and a later run with the same --keep measures it again without generating anything.
 */
import { parseArgs } from "node:util";
import { withBenchDatabase } from "./bench-db";
import { benchVocabulary, generatePages } from "./results-data";
import { parseResultFilters } from "../lib/results/filters";
import { countHosts, countResults, listResults, prepareResultQuery } from "../lib/store/results";
import { makeJob } from "../lib/testing/fixtures";

const { values } = parseArgs({ options: {
  pages: { type: "string" }, minutes: { type: "string" }, runs: { type: "string" }, keep: { type: "string" } } });
const PAGES = Number(values.pages ?? 1_000_000);
const BUDGET_MS = Number(values.minutes ?? 10) * 60_000;
const RUNS = Number(values.runs ?? 40);

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

await withBenchDatabase("results-search", async (url, sql) => {
  const [kept] = await sql<{ id: number; made: number }[]>`select id, pages_fetched as made from jobs order by id limit 1`;
  const job = kept ?? await makeJob(url, { keywords: "农业", seeds: "http://h0.test/", maxPages: 10_000_000 });
  const made = kept ? kept.made : await generatePages(sql, job.id, PAGES, BUDGET_MS, console.log);
  const v = benchVocabulary();
  // A frequent word, a middling one, a rare compound, and two words at once.
  const queries = [`q=${v[0]}`, `q=${v[40]}`, `q=${v[v.length - 1]}`, `q=${v[1]} ${v[60]}`, `q=${v[5]}&view=relevant&host=h7.test`,
    `q=${v[40]}&sort=fetched`, "view=relevant", "sort=fetched&host=h3.test", "sort=depth&kind=hub"];
  console.log(`\n${made} pages; ${RUNS} runs per view (first screen of 50, and the screen after it)`);
  console.log("view | matches | list p50 ms | list p95 ms | next screen p95 ms | list+count+hosts p95 ms (what the page runs)");
  for (const q of queries) {
    const parsed = parseResultFilters(new URLSearchParams(q));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const rq = prepareResultQuery(job.id, parsed.value);
    const list: number[] = [];
    const next: number[] = [];
    const whole: number[] = [];
    const matches = (await countResults(sql, rq, 100_000_000)).count;
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      const first = await listResults(sql, rq);
      list.push(performance.now() - t);
      if (first.next) {
        const after = parseResultFilters(new URLSearchParams(`${q}&after=${first.next}`));
        if (!after.ok) throw new Error(after.problem.message);
        t = performance.now();
        await listResults(sql, prepareResultQuery(job.id, after.value));
        next.push(performance.now() - t);
      }
      t = performance.now();
      await Promise.all([listResults(sql, rq), countResults(sql, rq), countHosts(sql, rq)]);
      whole.push(performance.now() - t);
    }
    const f = (xs: number[]) => (xs.length ? percentile(xs, 0.95).toFixed(1) : "—");
    console.log(`${q} | ${matches} | ${percentile(list, 0.5).toFixed(1)} | ${f(list)} | ${f(next)} | ${f(whole)}`);
  }
}, { keepDir: values.keep });
