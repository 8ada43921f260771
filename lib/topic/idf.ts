/**
 * Inverse document frequencies from jieba's idf.txt (shipped in @node-rs/jieba): a topic built
 * from one short description still gets sensible weights. Unknown words get the median IDF.
 *
 * Stored as a sorted word array and a Float32Array searched by bisection: a Map of the
 * 270,000 words took 95 MB, this takes about 15 MB, and a lookup stays around a microsecond.
 */
import fs from "node:fs";
import { projectPath } from "../project-root";

interface IdfTable { words: string[]; values: Float32Array; median: number }
let table: IdfTable | undefined;

function loadIdf(): IdfTable {
  if (table) return table;
  const file = projectPath("node_modules", "@node-rs", "jieba", "idf.txt");
  const entries: [string, number][] = [];
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const at = line.lastIndexOf(" ");
    if (at > 0) entries.push([line.slice(0, at), Number(line.slice(at + 1))]);
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const values = Float32Array.from(entries, (e) => e[1]);
  const sorted = Float32Array.from(values).sort();
  table = { words: entries.map((e) => e[0]), values, median: sorted[sorted.length >> 1] };
  return table;
}

/** The IDF of `term` (the median for words jieba's table does not know). */
export function idf(term: string): number {
  const { words, values, median } = loadIdf();
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = words[mid];
    if (w === term) return values[mid];
    if (w < term) lo = mid + 1;
    else hi = mid - 1;
  }
  return median;
}
