/** Text → terms (docs/ALGORITHMS.md §1): jieba for CJK, lower-cased Latin words, stop words dropped. */
import { Jieba } from "@node-rs/jieba";
import fs from "node:fs";
import { projectPath } from "../project-root";
import { isStopWord } from "./stop-words";

let jieba: Jieba | undefined;

/**
 * The shared segmenter; loading the dictionary takes ~0.5 s, so it is built once on first use.
 * The dictionary file is read here rather than through @node-rs/jieba/dict.js, which reads it and
 * the IDF file at import and keeps both (11 MB in every thread that imports this module).
 */
function segmenter(): Jieba {
  jieba ??= Jieba.withDict(fs.readFileSync(projectPath("node_modules", "@node-rs", "jieba", "dict.txt")));
  return jieba;
}

const HAS_LETTER_OR_CJK = /[\p{L}]/u;
const LATIN_ONLY = /^[a-z0-9'_-]+$/;

/** Longest run of jieba tokens tried when joining them into a user-dictionary term. */
const MAX_USER_TERM_PIECES = 4;

/**
 * Join consecutive tokens that together spell a user-dictionary term (domain terms jieba
 * splits, e.g. 电子商务平台 → 电子商务 + 平台). Done after segmentation so that each topic can
 * have its own dictionary without a 50 MB segmenter per topic.
 */
function joinUserTerms(tokens: string[], userTerms: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    let joined = tokens[i];
    let used = 1;
    for (let n = 2, acc = tokens[i]; n <= MAX_USER_TERM_PIECES && i + n - 1 < tokens.length; n++) {
      acc += tokens[i + n - 1];
      if (userTerms.has(acc.toLowerCase())) {
        joined = acc;
        used = n;
      }
    }
    out.push(joined);
    i += used - 1;
  }
  return out;
}

/**
 * Tokenizer options: a topic's own dictionary of terms that must stay whole, and jieba's
 * search mode, which also emits the words inside long words (计算机科学 → 计算机, 科学, ...).
 * Topic matching uses search mode: on the CSL abstracts it raised mean ROC-AUC from 0.79 to 0.82.
 */
export interface TokenizeOptions { userTerms?: ReadonlySet<string>; isSearchMode?: boolean }

/** Segment `text` into terms: no punctuation, no number-only tokens, no 1-char Latin tokens, no stop words. */
export function tokenize(text: string, opts: TokenizeOptions = {}): string[] {
  if (!text) return [];
  const out: string[] = [];
  let tokens = opts.isSearchMode ? segmenter().cutForSearch(text, true) : segmenter().cut(text, true);
  if (opts.userTerms?.size) tokens = joinUserTerms(tokens, opts.userTerms);
  for (const raw of tokens) {
    const t = keptTerm(raw);
    if (t) out.push(t);
  }
  return out;
}

/**
 * The term a raw token gives ("" for none), remembered: a page's tokens repeat, and trimming,
 * lower-casing and testing each one cost more than segmenting the text (4.4 against 2.1 ms on a
 * page of 17,000 characters, bench/PERFORMANCE.md). Forgotten all at once when full.
 */
const keptTerms = new Map<string, string>();
const MAX_KEPT_TERMS = 50_000;
export function keptTerm(raw: string): string {
  let t = keptTerms.get(raw);
  if (t !== undefined) return t;
  t = normaliseToken(raw);
  if (keptTerms.size >= MAX_KEPT_TERMS) keptTerms.clear();
  keptTerms.set(raw, t);
  return t;
}

/** Lower-cased and trimmed; "" for punctuation, numbers, 1-letter Latin tokens and stop words. */
function normaliseToken(raw: string): string {
  const t = raw.trim().toLowerCase();
  if (!t || !HAS_LETTER_OR_CJK.test(t)) return "";
  if (LATIN_ONLY.test(t) && t.length < 2) return "";
  return isStopWord(t) ? "" : t;
}

/** jieba's accurate-mode words of `text`, punctuation and all, untouched (for aligning with the text). */
export function cutWords(text: string): string[] {
  return text ? segmenter().cut(text, false) : [];
}
