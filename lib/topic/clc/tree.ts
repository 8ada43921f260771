/**
 * The Chinese Library Classification (中图法, 5th edition) as shipped in clc-tree.json:
 * browse by level, walk subtrees, and search by code, Chinese name, pinyin initials or English name.
 */
import fs from "node:fs";
import { projectPath } from "../../project-root";
import { CLC_ENGLISH_NAMES } from "./english-names";
import { alignNameInitials, isNameWord, matchWordInitials, type NameInitials } from "./name-initials";

/** Bits of a node's `flags`. */
export const CLC_FLAGS = { alternative: 1, discontinued: 2, range: 4 } as const;

/** One class of the tree. */
export interface ClcNode {
  index: number; code: string; name: string; nameEn?: string; parent: number; level: number;
  isAlternative: boolean; isDiscontinued: boolean; isRange: boolean; childCount: number;
  /** Children that are neither alternative nor discontinued (those shown by default). */
  shownChildCount: number;
}

/** Lower-cased search keys per node, precomputed so a search is one pass of string compares. */
interface SearchKeys { codes: string[]; names: string[]; parts: string[][]; initials: string[]; english: string[] }
interface Tree {
  nodes: ClcNode[]; children: number[][]; byCode: Map<string, number>; keys: SearchKeys;
  /** Word-aligned initials, computed on first need (null: they do not line up with the name). */
  nameInitials: (NameInitials | null | undefined)[];
}

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
    shownChildCount: children[index].filter((c) => (raw.nodes[c][4] & (CLC_FLAGS.alternative | CLC_FLAGS.discontinued)) === 0).length,
  }));
  const byCode = new Map<string, number>();
  // Regular classes win over alternative ones that share a code once brackets are removed.
  for (const n of [...nodes].sort((a, b) => Number(isHidden(a)) - Number(isHidden(b)))) {
    if (!byCode.has(normalizeClcCode(n.code))) byCode.set(normalizeClcCode(n.code), n.index);
  }
  const keys: SearchKeys = {
    codes: raw.nodes.map(([code]) => normalizeClcCode(code).toLowerCase()),
    names: raw.nodes.map(([, name]) => name),
    parts: raw.nodes.map(([, name]) => name.split(PART_SEPARATOR).map((p) => p.trim()).filter(Boolean)),
    initials: raw.nodes.map((r) => r[5]),
    english: raw.nodes.map(([code]) => (CLC_ENGLISH_NAMES[code] ?? "").toLowerCase()),
  };
  tree = { nodes, children, byCode, keys, nameInitials: [] };
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

/**
 * How well a name-like key matches, best first: 0 the whole name (or one of its 、-separated
 * parts), 1 a whole word of the name, by its text, its pinyin initials or in English, 2 the start of the name or a
 * part or a run of whole words by initials, 3 anywhere in the name, 4 initials that stop inside
 * a word or the start of all initials.
 */
function nameMatch(t: Tree, i: number, raw: string, q: string, englishWord: RegExp): number {
  const { names, parts, initials, english } = t.keys;
  if (names[i] === raw || parts[i].includes(raw) || english[i] === q) return 0;
  if (initials[i].includes(q)) {
    if (parts[i].length > 1 && partInitials(t, i).includes(q)) return 1;
    const words = (t.nameInitials[i] ??= alignNameInitials(names[i], initials[i]) ?? null);
    const word = words ? matchWordInitials(words, q) : undefined;
    if (word === "word") return 1;
    if (word === "words") return 2;
    if (word === "start" || initials[i].startsWith(q)) return 4;
  }
  if (english[i] && englishWord.test(english[i])) return 1;
  if (names[i].includes(raw)) {
    const words = (t.nameInitials[i] ??= alignNameInitials(names[i], initials[i]) ?? null);
    if (words && isNameWord(words, raw)) return 1;
  }
  if (names[i].startsWith(raw) || parts[i].some((p) => p.startsWith(raw)) || english[i].startsWith(q)) return 2;
  if (names[i].includes(raw) || (english[i] && english[i].includes(q))) return 3;
  return -1;
}

function partInitials(t: Tree, i: number): string[] {
  const words = (t.nameInitials[i] ??= alignNameInitials(t.keys.names[i], t.keys.initials[i]) ?? null);
  if (!words) return [];
  const out: string[] = [];
  let acc = "";
  [...t.keys.names[i]].forEach((c, k) => {
    if (PART_SEPARATOR.test(c)) (out.push(acc), (acc = ""));
    else acc += words.byChar[k];
  });
  return [...out, acc];
}

const PART_SEPARATOR = /[、，,；;]/;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Search by code, Chinese name, pinyin initials or English name, the class a person means first:
 * the exact code, then codes that start with a code-like query (TP31 for "tp3"), then name and
 * initials matches ranked by how whole the match is and how shallow the class is, so `jsj`
 * finds TP3 计算技术、计算机技术 (the word 计算机) before E9 军事技术 (initials jsjs).
 * English names exist for the first two levels only (english-names.ts).
 */
export function searchClc(query: string, opts: { limit?: number; includeHidden?: boolean } = {}): ClcNode[] {
  const raw = query.trim();
  const q = raw.toLowerCase();
  if (!q) return [];
  const t = loadTree();
  const code = normalizeClcCode(q).toLowerCase();
  const isCodeLike = /^[a-z]{1,2}[0-9]/.test(code);
  const englishWord = new RegExp(`\\b${escapeRegExp(q)}\\b`);
  const scored: { n: ClcNode; rank: number }[] = [];
  for (let i = 0; i < t.nodes.length; i++) {
    const n = t.nodes[i];
    if (!opts.includeHidden && isHidden(n)) continue;
    let rank = -1;
    if (t.keys.codes[i] === code) rank = 0;
    else if (isCodeLike && t.keys.codes[i].startsWith(code)) rank = 1 + t.keys.codes[i].length / 100;
    else {
      const m = nameMatch(t, i, raw, q, englishWord);
      if (m >= 0) rank = 10 + m * 1.5 + (n.level - 1) * 1.2;
    }
    if (rank >= 0) scored.push({ n, rank });
  }
  return scored.sort((a, b) => a.rank - b.rank || a.n.index - b.n.index).slice(0, opts.limit ?? 20).map((s) => s.n);
}
