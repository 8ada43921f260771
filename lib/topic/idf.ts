/**
 * Inverse document frequencies from jieba's idf.txt (shipped in @node-rs/jieba): a topic built
 * from one short description still gets sensible weights. Unknown words get the median IDF.
 *
 * Stored as the words' UTF-8 bytes in one buffer, sorted, with their offsets and values in typed
 * arrays, searched by bisection on the bytes. Every isolate that scores pages holds one (the
 * worker and each analysis thread): a Map of the 270,000 words took 95 MB, an array of strings
 * about 15 MB but raised the RSS by about 90 MB on the way (270,000 line strings, then the sort),
 * which the process never gave back. This table is about 5 MB, and loading it makes no garbage
 * but the file's buffer.
 */
import fs from "node:fs";
import { projectPath } from "../project-root";

interface IdfTable {
  /** The words' UTF-8 bytes, back to back in sorted order. */
  bytes: Buffer;
  /** Word i is bytes[start[i], start[i + 1]). */
  start: Uint32Array;
  values: Float32Array;
  median: number;
}
let table: IdfTable | undefined;

const SPACE = 0x20, NEWLINE = 0x0a;

/** -1, 0 or 1 as bytes a[aStart, aEnd) sort before, with or after b[bStart, bEnd) (bytewise: code point order). */
function compareBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): number {
  const n = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < n; i++) {
    const d = a[aStart + i] - b[bStart + i];
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  const d = (aEnd - aStart) - (bEnd - bStart);
  return d === 0 ? 0 : d < 0 ? -1 : 1;
}

/** Read idf.txt ("word value" lines) into the sorted table, scanning its bytes (no string per line). */
export function parseIdfTable(file: Buffer): IdfTable {
  let lines = 0;
  for (let i = 0; i < file.length; i++) if (file[i] === NEWLINE) lines++;
  const wordStart = new Uint32Array(lines + 1);
  const wordEnd = new Uint32Array(lines + 1);
  const rawValues = new Float32Array(lines + 1);
  let n = 0;
  for (let lineStart = 0; lineStart < file.length; ) {
    let lineEnd = file.indexOf(NEWLINE, lineStart);
    if (lineEnd < 0) lineEnd = file.length;
    const space = file.lastIndexOf(SPACE, lineEnd - 1);
    if (space > lineStart) {
      const value = Number(file.toString("latin1", space + 1, lineEnd));
      if (Number.isFinite(value)) {
        wordStart[n] = lineStart;
        wordEnd[n] = space;
        rawValues[n] = value;
        n++;
      }
    }
    lineStart = lineEnd + 1;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => compareBytes(file, wordStart[a], wordEnd[a], file, wordStart[b], wordEnd[b]));
  let size = 0;
  for (let i = 0; i < n; i++) size += wordEnd[i] - wordStart[i];
  const bytes = Buffer.allocUnsafeSlow(size);
  const start = new Uint32Array(n + 1);
  const values = new Float32Array(n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const w = order[i];
    start[i] = at;
    at += file.copy(bytes, at, wordStart[w], wordEnd[w]);
    values[i] = rawValues[w];
  }
  start[n] = at;
  const sorted = Float32Array.from(values).sort();
  return { bytes, start, values, median: n ? sorted[n >> 1] : 0 };
}

function loadIdf(): IdfTable {
  table ??= parseIdfTable(fs.readFileSync(projectPath("node_modules", "@node-rs", "jieba", "idf.txt")));
  return table;
}

const encoder = new TextEncoder();
/** Room for a looked-up word's UTF-8 bytes (a longer word is encoded on its own). */
const scratch = new Uint8Array(1024);

/** The IDF of `term` in `t` (the table's median for a word it does not know). */
export function idfIn(t: IdfTable, term: string): number {
  const fits = term.length * 3 <= scratch.length;
  const key = fits ? scratch : encoder.encode(term);
  const keyLength = fits ? encoder.encodeInto(term, scratch).written : key.length;
  let lo = 0;
  let hi = t.values.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = compareBytes(t.bytes, t.start[mid], t.start[mid + 1], key, 0, keyLength);
    if (c === 0) return t.values[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return t.median;
}

/** The IDF of `term` (the median for words jieba's table does not know). */
export function idf(term: string): number {
  return idfIn(loadIdf(), term);
}
