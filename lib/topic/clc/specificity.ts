/**
 * How specific a word is to one part of the CLC tree: ln((N + 1) / (df + 1)), where df counts
 * the N second-level classes whose subtree names contain the word. 技术 or 研究 appear under
 * most classes and weigh little; 污染 or 税收 belong to a few and weigh much. Weighting CLC
 * topics by it raised mean ROC-AUC on the CSL abstracts from 0.836 to 0.857 (bench/RELEVANCE.md).
 */
import { tokenize } from "../tokenize";
import { clcChildren, clcDescendants } from "./tree";

let table: { df: Map<string, number>; classes: number } | undefined;

function loadTable() {
  if (table) return table;
  const second = clcChildren().flatMap((top) => clcChildren(top.code));
  const df = new Map<string, number>();
  for (const cls of second) {
    const words = new Set<string>();
    for (const name of [cls.name, ...clcDescendants(cls.code).map((d) => d.node.name)]) {
      for (const t of tokenize(name, { isSearchMode: true })) words.add(t);
    }
    for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  }
  table = { df, classes: second.length };
  return table;
}

/** The CLC specificity of `term` (higher = found under fewer classes). */
export function clcSpecificity(term: string): number {
  const { df, classes } = loadTable();
  return Math.log((classes + 1) / ((df.get(term) ?? 0) + 1));
}
