/**
 * The real words inside a long word. jieba's search mode emits every dictionary 2- and 3-gram
 * of a long word, so 计算机 gives 计算 (a word) and 算机 (a fragment that happens to be a rare
 * dictionary entry, frequency 10 against 计算's 5,235); a topic built from search-mode tokens
 * showed 算机, 据库, 感器 among its top terms. Here a long word keeps only the pieces of its own
 * best segmentation once the whole word is set aside (计算机 → 计算|机, 数据库 → 数据|库,
 * 传感器 → 传感|器), found with jieba's own rule: the split whose pieces' dictionary
 * frequencies give the largest product.
 */
import fs from "node:fs";
import { projectPath } from "../project-root";

interface FreqTable { words: string[]; freqs: Float64Array; logTotal: number; total: number }
let table: FreqTable | undefined;

/** jieba's dictionary as a sorted word array and their frequencies (a Map of 349,000 words would take ~60 MB). */
function loadFreqs(): FreqTable {
  if (table) return table;
  const entries: [string, number][] = [];
  let total = 0;
  for (const line of fs.readFileSync(projectPath("node_modules", "@node-rs", "jieba", "dict.txt"), "utf8").split("\n")) {
    const [word, freq] = line.split(" ");
    const f = Number(freq);
    if (!word || !(f > 0)) continue;
    entries.push([word, f]);
    total += f;
  }
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  table = { words: entries.map((e) => e[0]), freqs: Float64Array.from(entries, (e) => e[1]), logTotal: Math.log(total), total };
  return table;
}

/** The dictionary frequency of `word`, 0 when jieba does not know it. */
export function wordFrequency(word: string): number {
  const { words, freqs } = loadFreqs();
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid] === word) return freqs[mid];
    if (words[mid] < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** The share of jieba's dictionary counts that `word` has (its frequency over the sum of all): how common it is in general written Chinese. */
export function dictionaryShare(word: string): number {
  return wordFrequency(word) / loadFreqs().total;
}

/**
 * The best segmentation of `word` into smaller pieces (never the whole word): dictionary words,
 * or single characters, maximising the product of their frequencies as jieba's DAG route does.
 */
export function splitWord(word: string): string[] {
  const chars = [...word];
  const n = chars.length;
  if (n < 2) return [word];
  const { logTotal } = loadFreqs();
  const best: { score: number; from: number }[] = Array.from({ length: n + 1 }, () => ({ score: -Infinity, from: -1 }));
  best[0].score = 0;
  for (let end = 1; end <= n; end++) {
    for (let start = Math.max(0, end - 8); start < end; start++) {
      if (start === 0 && end === n) continue;
      const piece = chars.slice(start, end).join("");
      const f = wordFrequency(piece);
      if (f === 0 && end - start > 1) continue;
      const score = best[start].score + Math.log(Math.max(f, 1)) - logTotal;
      if (score > best[end].score) best[end] = { score, from: start };
    }
  }
  const pieces: string[] = [];
  for (let end = n; end > 0; end = best[end].from) pieces.unshift(chars.slice(best[end].from, end).join(""));
  return pieces;
}

const ALL_HAN = /^\p{Script=Han}+$/u;

/** The real words inside `word` (2+ characters, recursively): 计算机科学 → 计算机, 计算, 科学. */
export function subwordsOf(word: string): string[] {
  if ([...word].length < 3 || !ALL_HAN.test(word)) return [];
  const out: string[] = [];
  for (const piece of splitWord(word)) {
    if ([...piece].length < 2) continue;
    out.push(piece, ...subwordsOf(piece));
  }
  return out;
}

/** Character offsets where `word`'s sub-words begin and end (0 and the length included). */
export function subwordBoundaries(word: string): number[] {
  const cuts = new Set<number>([0, [...word].length]);
  const walk = (w: string, at: number) => {
    if ([...w].length < 3) return;
    let pos = at;
    for (const piece of splitWord(w)) {
      cuts.add(pos);
      walk(piece, pos);
      pos += [...piece].length;
    }
  };
  walk(word, 0);
  return [...cuts].sort((a, b) => a - b);
}
