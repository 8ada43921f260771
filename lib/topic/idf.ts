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

/**
 * Read the table with little garbage: words and values go straight into their arrays and are
 * sorted through an index, where an array of [word, value] pairs raised the heap to ~80 MB on
 * the way and the worker's RSS never gave that back.
 */
function loadIdf(): IdfTable {
  if (table) return table;
  const lines = fs.readFileSync(projectPath("node_modules", "@node-rs", "jieba", "idf.txt"), "utf8").split("\n");
  const rawWords: string[] = [];
  const rawValues = new Float32Array(lines.length);
  for (const line of lines) {
    const at = line.lastIndexOf(" ");
    if (at <= 0) continue;
    rawValues[rawWords.length] = Number(line.slice(at + 1));
    rawWords.push(line.slice(0, at));
  }
  const order = Uint32Array.from(rawWords.keys()).sort((a, b) => (rawWords[a] < rawWords[b] ? -1 : rawWords[a] > rawWords[b] ? 1 : 0));
  // Copies of the words: a slice would keep the whole file's text alive.
  const words = Array.from(order, (i) => Buffer.from(rawWords[i], "utf8").toString("utf8"));
  const values = Float32Array.from(order, (i) => rawValues[i]);
  const sorted = Float32Array.from(values).sort();
  table = { words, values, median: sorted[sorted.length >> 1] };
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
