/**
 * A class's core terms: the words no field vocabulary of the class may lack, put at its top
 * (docs/ALGORITHMS.md §1.3a). Learned words can miss them: F8 (财政、金融) learns from headlines
 * and the 财经 lexicon, and general news uses 金融, 银行 and 财政 too often for them to count as
 * typical of finance there; TP3 learns from abstracts that write 算法 more than 计算机.
 */
import { clcChildren, getClcNode, isHidden } from "../clc/tree";
import { subwordsOf } from "../subwords";
import { isFillerWord, knowledgeWords } from "./words";

/**
 * Core terms a class's name does not give, or gives only inside a longer word (计算机技术). Kept
 * small: each line is what a librarian would name as the field's own words, not what its pages
 * happen to use (that is what the learned vocabulary is for).
 */
export const CORE_TERMS: Record<string, string[]> = {
  F: ["经济", "金融", "财经"],
  F8: ["金融", "银行", "货币", "税收", "证券", "保险", "财政", "财经"],
  F83: ["金融", "银行", "货币", "证券", "保险", "股票", "基金"],
  TP3: ["计算机", "网络", "数据库", "操作系统", "软件", "程序"],
  U4: ["汽车", "公路", "运输"],
  U46: ["汽车"],
  TS971: ["烹饪", "菜肴", "美食"],
  K: ["历史", "地理"],
  S: ["农业", "种植", "养殖"],
  G8: ["体育", "运动"],
  E: ["军事", "军队", "战争"],
};

/**
 * A word in the names of more first- and second-level classes than this says little of any one
 * of them (科学 in 15, 技术 in 10, 经济 in 10, 工业 in 8) and is not a core term from the name.
 */
export const MAX_NAMES_WITH_WORD = 3;

let nameCounts: Map<string, number> | undefined;
/** How many visible first- and second-level class names use each word (whole words and the words inside them). */
function namesWithWord(): Map<string, number> {
  if (nameCounts) return nameCounts;
  nameCounts = new Map();
  const nodes = clcChildren().flatMap((n) => [n, ...clcChildren(n.code)]).filter((n) => !isHidden(n));
  for (const n of nodes) {
    const words = knowledgeWords(n.name);
    for (const w of new Set([...words, ...words.flatMap(subwordsOf)])) nameCounts.set(w, (nameCounts.get(w) ?? 0) + 1);
  }
  return nameCounts;
}

/** True when `word` is in the names of so many classes that it says little of any (科学, 技术). */
const isGenericNameWord = (word: string) => (namesWithWord().get(word) ?? 0) > MAX_NAMES_WITH_WORD;

/**
 * The core terms a class name gives: its whole words, less generic ones; a compound with a generic
 * word inside gives its other words instead (计算机技术 → 计算机, 计算技术 → 计算: pages write 计算机);
 * a name that is one generic word gives it.
 */
function nameTerms(name: string): string[] {
  const words = knowledgeWords(name);
  const terms = words.flatMap((w) => {
    if (isGenericNameWord(w)) return [];
    const inside = subwordsOf(w);
    // The pieces left of a name word with a generic one inside, never filler (科学研究 → 研究 is not G3's word).
    return inside.some(isGenericNameWord) ? inside.filter((p) => !isGenericNameWord(p) && !isFillerWord(p) && !inside.some((q) => q !== p && q.includes(p))) : [w];
  });
  // A name of one generic word is still the class's own (教育 for G4, 艺术 for J).
  return terms.length || words.length !== 1 ? terms : words;
}

/**
 * The core terms of class `code`: its curated list (CORE_TERMS), then the words of its name that
 * name few classes (MAX_NAMES_WITH_WORD): 财政 and 金融 for F8, 计算机 for TP3, 公路运输 for U4.
 */
export function coreTermsOf(code: string): string[] {
  const node = getClcNode(code);
  return [...new Set([...(CORE_TERMS[code] ?? []), ...(node ? nameTerms(node.name) : [])])];
}
