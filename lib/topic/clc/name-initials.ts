/**
 * Pinyin initials of a CLC name laid over its words, so that a search for `jsj` can tell a
 * whole word (计算机 in 计算机技术) from initials that stop inside one (军事技 in 军事技术).
 */
import { subwordBoundaries, wordFrequency } from "../subwords";
import { cutWords } from "../tokenize";

/** Per character of a name: its initial ("" for punctuation), where words begin and end, and each word's span "start:end". */
export interface NameInitials { chars: string[]; byChar: string[]; bounds: Set<number>; words: Set<string> }

/**
 * A word counts as meant by its initials only if it is a common word: transliterations such as
 * 基斯金 or 斯加克 are words to jieba too, and 'jsj' means 计算机 (frequency 6,396), not them.
 */
const COMMON_WORD_FREQ = 100;
const HAN = /\p{Script=Han}/u;
const LATIN_OR_DIGIT = /[A-Za-z0-9]/;

/**
 * Align `initials` (the tree's whole-name initials: one letter per Han character, Latin letters
 * and digits as they are, nothing for punctuation) with `name`; undefined if they do not line up.
 * Word bounds are jieba's words and the real words inside them (lib/topic/subwords.ts).
 */
export function alignNameInitials(name: string, initials: string): NameInitials | undefined {
  const chars = [...name];
  const byChar: string[] = [];
  let at = 0;
  for (const c of chars) {
    const takes = HAN.test(c) || LATIN_OR_DIGIT.test(c);
    byChar.push(takes ? initials[at] ?? "" : "");
    if (takes) at++;
  }
  if (at !== initials.length) return undefined;
  const bounds = new Set<number>();
  const words = new Set<string>();
  let pos = 0;
  for (const word of cutWords(name)) {
    const inner = subwordBoundaries(word);
    for (const b of inner) bounds.add(pos + b);
    words.add(`${pos}:${pos + [...word].length}`);
    for (const sub of subwordSpans(word)) words.add(`${pos + sub[0]}:${pos + sub[1]}`);
    pos += [...word].length;
  }
  return { chars, byChar, bounds, words };
}

/** Spans [start, end) of the real words inside `word` (its sub-words, recursively). */
function subwordSpans(word: string): [number, number][] {
  const b = subwordBoundaries(word);
  const out: [number, number][] = [];
  for (let i = 0; i < b.length; i++) for (let j = i + 1; j < b.length; j++) out.push([b[i], b[j]]);
  return out;
}

/**
 * How `q` matches the name's initials: one whole "word" (计算机 for jsj), a run of whole "words"
 * (数据 结构 for sjjg), a word "start" (军事技 for jsj), or not at all.
 */
export function matchWordInitials(n: NameInitials, q: string): "word" | "words" | "start" | undefined {
  let found: "words" | "start" | undefined;
  for (const start of n.bounds) {
    if (!n.byChar[start]) continue;
    let acc = "";
    let end = start;
    while (end < n.byChar.length && acc.length < q.length) acc += n.byChar[end++];
    if (acc !== q) {
      continue;
    }
    if (n.words.has(`${start}:${end}`) && wordFrequency(n.chars.slice(start, end).join("")) >= COMMON_WORD_FREQ) return "word";
    if (n.bounds.has(end) || end === n.byChar.length || !n.byChar[end]) found = "words";
    else found ??= "start";
  }
  return found;
}

/** True when `text` appears in the name as one of its words (计算机 in 计算技术、计算机技术). */
export function isNameWord(n: NameInitials, text: string): boolean {
  const len = [...text].length;
  const name = n.chars.join("");
  for (let at = name.indexOf(text); at >= 0; at = name.indexOf(text, at + 1)) {
    const start = [...name.slice(0, at)].length;
    if (n.words.has(`${start}:${start + len}`)) return true;
  }
  return false;
}
