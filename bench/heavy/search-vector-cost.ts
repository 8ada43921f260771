/**
 * What a page's search vector costs the database, built two ways from the same jieba terms of the
 * heavy site's pages: `to_tsvector('simple', …)` over the terms joined by spaces (PostgreSQL's
 * parser reads every character), and the tsvector literal the page store sends now (PostgreSQL only
 * reads the lexemes and positions). Each is timed at the server (planning and execution time of
 * EXPLAIN ANALYZE, best of three rounds), beside the client's time to build the literal. Usage:
 *   npx tsx bench/heavy/search-vector-cost.ts [--pages 200] [--dir DIR]   (DIR: HTML pages, e.g. bench/extract-zh/pages)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { startEmbeddedPostgres } from "../../lib/store/infra/embedded";
import { openSql } from "../../lib/store/infra/sql";
import { freePort } from "../../lib/testing/net";
import { parseHtml } from "../../lib/rules/parse";
import { tokenize } from "../../lib/topic/tokenize";
import { tsvectorLiteral } from "../../lib/store/search-vector";
import { ensureSite } from "./site-server";

const { values } = parseArgs({ options: { pages: { type: "string" }, dir: { type: "string" } } });
const PAGES = Number(values.pages ?? 200);
const dir = values.dir ?? path.join(ensureSite(3000, 18090), "docs", "s000");
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".html")).slice(0, PAGES).map((f) => path.join(dir, f));
const terms = files.map((f) => tokenize(parseHtml(fs.readFileSync(f, "utf8"), "http://127.0.0.1/").mainText, { isSearchMode: true }));
const joined = terms.map((t) => t.join(" "));

let literals: string[] = [];
let buildMs = Infinity;
for (let round = 0; round < 3; round++) {
  const t0 = performance.now();
  literals = terms.map((t) => tsvectorLiteral(t));
  buildMs = Math.min(buildMs, (performance.now() - t0) / terms.length);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-tsv-"));
const pg = await startEmbeddedPostgres({ dataDir, port: await freePort() });
const sql = openSql(pg.url(), { max: 1 });
/** Server-side milliseconds of one expression over every page, best of three rounds. */
async function serverMs(expr: (i: number) => ReturnType<typeof sql>): Promise<number> {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    let total = 0;
    for (let i = 0; i < terms.length; i++) {
      const plan = await sql<{ "QUERY PLAN": string }[]>`explain (analyze, format text) select length(${expr(i)})`;
      // The bound value is folded into the plan: the expression is computed while planning.
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      total += Number(/Planning Time: ([\d.]+) ms/.exec(text)![1]) + Number(/Execution Time: ([\d.]+) ms/.exec(text)![1]);
    }
    best = Math.min(best, total / terms.length);
  }
  return best;
}
try {
  const [{ same }] = await sql<{ same: boolean }[]>`select ${literals[0]}::tsvector = to_tsvector('simple', ${joined[0]}::text) as same`;
  const parsed = await serverMs((i) => sql`to_tsvector('simple', ${joined[i]}::text)`);
  const literal = await serverMs((i) => sql`${literals[i]}::text::tsvector`);
  const chars = terms.reduce((a, t) => a + t.length, 0) / terms.length;
  console.log(JSON.stringify({
    pages: terms.length, termsPerPage: Math.round(chars), sameVector: same,
    toTsvectorMsAtServer: +parsed.toFixed(3), literalMsAtServer: +literal.toFixed(3), literalBuildMsAtClient: +buildMs.toFixed(3),
    bytesSent: { joinedTerms: Math.round(joined.reduce((a, s) => a + Buffer.byteLength(s), 0) / terms.length),
      literal: Math.round(literals.reduce((a, s) => a + Buffer.byteLength(s), 0) / terms.length) },
  }));
} finally {
  await sql.end();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
