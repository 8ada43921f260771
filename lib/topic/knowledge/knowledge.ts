/**
 * The class knowledge shipped with the product (class-knowledge.json, rebuilt by
 * `npm run build:class-knowledge` from the sources named there and in NOTICE.md): for the
 * CLC classes its sources cover, the words the field's texts really use, weighted, and a few
 * short example texts a person can add to a topic.
 */
import fs from "node:fs";
import { projectPath } from "../../project-root";
import { clcAncestors } from "../clc/tree";
import { mergeVocabularies } from "./learn";

/** The built file's path. */
export const KNOWLEDGE_FILE = projectPath("lib", "topic", "knowledge", "class-knowledge.json");

/**
 * What is known of one class: its field words (weights 0–1, strongest first), example texts,
 * what they came from, and the page threshold that suits a topic of this class alone (chosen by
 * F1 on abstracts the words were not learned from; absent when the class has too few).
 */
export interface ClassKnowledge {
  terms: [string, number][];
  examples: string[];
  /** Texts learned from: labelled abstracts and headlines, unlabelled headlines self-training labelled with the class, lexicons, catalogue records. */
  sources: { abstracts: number; headlines?: number; selfLabelledHeadlines?: number; lexicons: string[]; catalogueRecords?: number };
  threshold?: number;
}

/** The built file. */
export interface ClassKnowledgeFile { version: 1; classes: Record<string, ClassKnowledge> }

let file: ClassKnowledgeFile | undefined;
/** Knowledge learned from people's own catalogues, laid over the shipped file (oldest first). */
let overlays: ClassKnowledgeFile[] = [];
let merged: ClassKnowledgeFile | undefined;

function loadShipped(): ClassKnowledgeFile {
  file ??= JSON.parse(fs.readFileSync(KNOWLEDGE_FILE, "utf8")) as ClassKnowledgeFile;
  return file;
}

function load(): ClassKnowledgeFile {
  merged ??= overlays.length ? applyOverlays(loadShipped(), overlays) : loadShipped();
  return merged;
}

/**
 * The shipped knowledge with the overlays' classes laid over it. Each overlay's entry already
 * holds the shipped words it extends, so it replaces the shipped entry; two overlays of one class
 * are merged (both catalogues' words kept, the strongest scaled to 1).
 */
export function applyOverlays(base: ClassKnowledgeFile, list: readonly ClassKnowledgeFile[]): ClassKnowledgeFile {
  const classes = { ...base.classes };
  const fromOverlay = new Set<string>();
  for (const o of list) {
    for (const [code, k] of Object.entries(o.classes)) {
      const prev = classes[code];
      classes[code] = prev && fromOverlay.has(code) ? {
        ...k, terms: mergeVocabularies(prev.terms, k.terms, 1, Math.max(prev.terms.length, k.terms.length)),
        examples: [...new Set([...k.examples, ...prev.examples])].slice(0, Math.max(k.examples.length, prev.examples.length)),
        sources: { ...k.sources, catalogueRecords: (k.sources.catalogueRecords ?? 0) + (prev.sources.catalogueRecords ?? 0) },
      } : k;
      fromOverlay.add(code);
    }
  }
  return { version: 1, classes };
}

/**
 * Lay `list` (knowledge learned from catalogue imports, oldest first) over the shipped knowledge;
 * an empty list removes them. Topics built afterwards use them; the edition changes only when the
 * overlays do (`signature` names them, e.g. the imports' ids), so class caches rebuild only then.
 */
export function setClassKnowledgeOverlays(list: ClassKnowledgeFile[], signature: string): void {
  if (signature === overlaySignature) return;
  overlaySignature = signature;
  overlays = list;
  merged = undefined;
  edition++;
}

let overlaySignature = "";

/** The signature of the overlays in use ("" for none). */
export function classKnowledgeOverlaySignature(): string {
  return overlaySignature;
}

/**
 * Use `knowledge` instead of the shipped file (the builder, choosing thresholds on folds, and
 * tests); `undefined` goes back to the shipped file.
 */
export function useClassKnowledge(knowledge: ClassKnowledgeFile | undefined): void {
  file = knowledge;
  merged = undefined;
  edition++;
}

let edition = 0;

/** Changes whenever `useClassKnowledge` swaps the knowledge, so caches built from it know to rebuild. */
export function knowledgeEdition(): number {
  return edition;
}

/** Knowledge found for a class: its own, or (for a class deeper than the sources reach) the nearest class above it. */
export interface FoundKnowledge extends ClassKnowledge { code: string; isInherited: boolean }

/**
 * The knowledge of `code`: the class's own entry, else the nearest ancestor's (a topic on
 * TP31 数据库 gets TP3's field words; its own class names keep it on databases). Undefined when
 * no class on the way up has any.
 */
export function findClassKnowledge(code: string, opts: { isShippedOnly?: boolean } = {}): FoundKnowledge | undefined {
  const classes = (opts.isShippedOnly ? loadShipped() : load()).classes;
  const chain = clcAncestors(code).reverse();
  for (const node of chain) {
    const k = classes[node.code];
    if (k) return { ...k, code: node.code, isInherited: node.code !== chain[0].code };
  }
  return undefined;
}

/** Every class the shipped knowledge has an entry for. */
export function knownClassCodes(): string[] {
  return Object.keys(load().classes);
}

/**
 * The page threshold for a topic made of classes alone: the lowest of the classes' own
 * thresholds (each class's, or its nearest ancestor's), so no class's pages are cut harder than
 * its own threshold would. Undefined when no class on the way up has one.
 */
export function classesThreshold(codes: readonly string[]): number | undefined {
  const classes = load().classes;
  const found = codes.map((code) => clcAncestors(code).reverse().map((n) => classes[n.code]?.threshold).find((t) => t !== undefined));
  const known = found.filter((t): t is number => t !== undefined);
  return known.length ? Math.min(...known) : undefined;
}

/**
 * The classes a topic on `codes` is told apart from (docs/ALGORITHMS.md §1.3b): the broad
 * classes the knowledge covers (first-level letters and T's second level, where engineering
 * splits into fields), less those on the way up to or below a topic class. For TP: A…Z but T,
 * and TB…TV but TP.
 */
export function contrastClasses(codes: readonly string[]): string[] {
  return knownClassCodes().filter((c) => isBroadClass(c) && !codes.some((code) => isRelated(c, code))).sort();
}

/** Whether class `a` is `b`, above it or below it in the tree (codes compared by prefix, case aside). */
export function isRelated(a: string, b: string): boolean {
  const [x, y] = [a.toUpperCase(), b.toUpperCase()];
  return x.startsWith(y) || y.startsWith(x);
}

/** A class a topic may be told apart from: a first-level class, or one of T's second level (TB…TV). */
export function isBroadClass(code: string): boolean {
  return code.length === 1 || (code.length === 2 && code[0] === "T" && /[A-Z]/.test(code[1]));
}
