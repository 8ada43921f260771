/**
 * The Chinese Library Classification (中图法, 5th edition) as shipped in clc-tree.json:
 * browse by level, walk subtrees, and search by code, Chinese name, pinyin initials or English name.
 */
import fs from "node:fs";
import { projectPath } from "../../project-root";
import { CLC_ENGLISH_NAMES } from "./english-names";

/** Bits of a node's `flags`. */
export const CLC_FLAGS = { alternative: 1, discontinued: 2, range: 4 } as const;

/** One class of the tree. */
export interface ClcNode {
  index: number; code: string; name: string; nameEn?: string; parent: number; level: number;
  isAlternative: boolean; isDiscontinued: boolean; isRange: boolean; childCount: number;
}

/** Lower-cased search keys per node, precomputed so a search is one pass of string compares. */
interface SearchKeys { codes: string[]; names: string[]; initials: string[]; english: string[] }
interface Tree { nodes: ClcNode[]; children: number[][]; byCode: Map<string, number>; keys: SearchKeys }

const TREE_FILE = projectPath("lib", "topic", "clc", "clc-tree.json");
let tree: Tree | undefined;

/** The code as people type it: brackets of alternative/discontinued classes removed, upper-case. */
export function normalizeClcCode(code: string): string {
  return code.trim().replace(/^[\[{]|[\]}]$/g, "").toUpperCase();
}

function loadTree(): Tree {
  if (tree) return tree;
  const raw = JSON.parse(fs.readFileSync(TREE_FILE, "utf8")) as { nodes: [string, string, number, number, number, string][] };
  const children: number[][] = raw.nodes.map(() => []);
  raw.nodes.forEach(([, , parent], i) => parent >= 0 && children[parent].push(i));
  const nodes = raw.nodes.map(([code, name, parent, level, flags], index): ClcNode => ({
    index, code, name, nameEn: CLC_ENGLISH_NAMES[code], parent, level,
    isAlternative: (flags & CLC_FLAGS.alternative) !== 0, isDiscontinued: (flags & CLC_FLAGS.discontinued) !== 0,
    isRange: (flags & CLC_FLAGS.range) !== 0, childCount: children[index].length,
  }));
  const byCode = new Map<string, number>();
  // Regular classes win over alternative ones that share a code once brackets are removed.
  for (const n of [...nodes].sort((a, b) => Number(isHidden(a)) - Number(isHidden(b)))) {
    if (!byCode.has(normalizeClcCode(n.code))) byCode.set(normalizeClcCode(n.code), n.index);
  }
  const keys: SearchKeys = {
    codes: raw.nodes.map(([code]) => normalizeClcCode(code).toLowerCase()),
    names: raw.nodes.map(([, name]) => name),
    initials: raw.nodes.map((r) => r[5]),
    english: raw.nodes.map(([code]) => (CLC_ENGLISH_NAMES[code] ?? "").toLowerCase()),
  };
  tree = { nodes, children, byCode, keys };
  return tree;
}

/** Alternative `[...]` and discontinued `{...}` classes are hidden unless asked for. */
export function isHidden(n: ClcNode): boolean {
  return n.isAlternative || n.isDiscontinued;
}

/** The class with this code (brackets optional), or undefined. */
export function getClcNode(code: string): ClcNode | undefined {
  const t = loadTree();
  const i = t.byCode.get(normalizeClcCode(code));
  return i === undefined ? undefined : t.nodes[i];
}

/** Children of a class (the 22 top classes for undefined). */
export function clcChildren(code?: string, opts: { includeHidden?: boolean } = {}): ClcNode[] {
  const t = loadTree();
  const list = code === undefined ? t.nodes.filter((n) => n.parent < 0) : (() => {
    const n = getClcNode(code);
    return n ? t.children[n.index].map((i) => t.nodes[i]) : [];
  })();
  return opts.includeHidden ? list : list.filter((n) => !isHidden(n));
}

/** The path from the top class down to `code` (inclusive). */
export function clcAncestors(code: string): ClcNode[] {
  const t = loadTree();
  const out: ClcNode[] = [];
  for (let n = getClcNode(code); n; n = n.parent >= 0 ? t.nodes[n.parent] : undefined) out.unshift(n);
  return out;
}

/** Every class below `code` with its distance from it (1 = child), depth-first, hidden ones left out. */
export function clcDescendants(code: string, maxDepth = Infinity): { node: ClcNode; depth: number }[] {
  const t = loadTree();
  const root = getClcNode(code);
  if (!root) return [];
  const out: { node: ClcNode; depth: number }[] = [];
  const visit = (i: number, depth: number) => {
    if (depth > maxDepth) return;
    for (const c of t.children[i]) {
      if (isHidden(t.nodes[c])) continue;
      out.push({ node: t.nodes[c], depth });
      visit(c, depth + 1);
    }
  };
  visit(root.index, 1);
  return out;
}

/** Search by code prefix, Chinese name, pinyin initials or English name; best matches first. */
export function searchClc(query: string, opts: { limit?: number; includeHidden?: boolean } = {}): ClcNode[] {
  const raw = query.trim();
  const q = raw.toLowerCase();
  if (!q) return [];
  const t = loadTree();
  const { codes, names, initials, english } = t.keys;
  const code = normalizeClcCode(q).toLowerCase();
  const scored: { n: ClcNode; rank: number }[] = [];
  for (let i = 0; i < t.nodes.length; i++) {
    const n = t.nodes[i];
    if (!opts.includeHidden && isHidden(n)) continue;
    let rank = -1;
    if (codes[i] === code) rank = 0;
    else if (names[i] === raw) rank = 1;
    else if (codes[i].startsWith(code)) rank = 2 + codes[i].length / 100;
    else if (names[i].startsWith(raw)) rank = 3;
    else if (names[i].includes(raw)) rank = 4;
    else if (initials[i].startsWith(q)) rank = 5;
    else if (english[i] && english[i].includes(q)) rank = 6;
    if (rank >= 0) scored.push({ n, rank: rank + n.level / 1000 });
  }
  return scored.sort((a, b) => a.rank - b.rank || a.n.index - b.n.index).slice(0, opts.limit ?? 20).map((s) => s.n);
}
