/** Text → terms (ALGORITHMS.md §1): jieba for CJK, lower-cased Latin words, stop words dropped. */
import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";
import { isStopWord } from "./stop-words";

let jieba: Jieba | undefined;

/** The shared segmenter; loading the dictionary takes ~0.5 s, so it is built once on first use. */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

const HAS_LETTER_OR_CJK = /[\p{L}]/u;
const LATIN_ONLY = /^[a-z0-9'_-]+$/;

/** Segment `text` into terms: no punctuation, no number-only tokens, no 1-char Latin tokens, no stop words. */
export function tokenize(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const raw of segmenter().cut(text, true)) {
    const t = raw.trim().toLowerCase();
    if (!t || !HAS_LETTER_OR_CJK.test(t)) continue;
    if (LATIN_ONLY.test(t) && t.length < 2) continue;
    if (isStopWord(t)) continue;
    out.push(t);
  }
  return out;
}
