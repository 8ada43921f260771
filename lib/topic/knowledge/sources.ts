/**
 * The open sources the class knowledge is learned from, read from the lab's data folder
 * (corpora/ and lexicons/; licences in NOTICE.md) by scripts/build-class-knowledge.ts and
 * bench/class-words.ts. Texts the benches measure on are never learned from: CSL's dev split
 * (bench:relevance, the realistic web), THUCNews's dev headlines (bench:relevance-news, the
 * realistic web) and TNEWS's dev split (kept apart for measuring) are removed from every source
 * by fingerprint, and so are repeats.
 */
import fs from "node:fs";
import path from "node:path";
import { DISCIPLINE_TO_CLC, NEWS_CATEGORY_TO_CLC } from "./mapping";
import { knowledgeWords } from "./words";
import type { LabelledDoc, Lexicon } from "./learn";
import { selfTrain, SELF_TRAINING, type SelfTrainingOptions } from "./self-training";

/** An abstract with its discipline. */
export interface Abstract { text: string; discipline: string }
/** A headline with its TNEWS category ("" when unlabelled) and the article's keywords. */
export interface Headline { text: string; category: string }

/** Everything read from the data folder. */
export interface KnowledgeSources {
  abstracts: Abstract[];
  /** Labelled TNEWS headlines of every category (those of 故事 and 文化 map to no class). */
  headlines: Headline[];
  /** The unlabelled TNEWS headlines: general text of the news genre. */
  generalHeadlines: Headline[];
  lexicons: Lexicon[];
  /** CSL's train titles (the example texts' pool) with their field, less those held out. */
  titles: { title: string; field: string }[];
  /** Texts removed as held out or repeated, per source. */
  removed: { abstracts: number; headlines: number; generalHeadlines: number };
}

/** Titles the realistic web serves in its catalogue (lib/realweb/build.ts takes the first 2,000). */
const TITLES_SERVED = 2000;

/** A line of FewCLUE's TNEWS files. */
export type TnewsLine = { sentence: string; keywords?: string; label_desc?: string };
/** The text a TNEWS headline is learned from: the headline and its article's keywords. */
export const tnewsText = (h: TnewsLine) => `${h.sentence} ${(h.keywords ?? "").replace(/,/g, " ")}`.trim();

/** Text compared for duplicates: no spaces or punctuation. */
export const fingerprint = (s: string) => s.replace(/[\s\p{P}\p{S}]/gu, "");

/** Read the sources from `dataDir`; throws naming a missing file. */
export function loadKnowledgeSources(dataDir: string): KnowledgeSources {
  const need = (rel: string) => {
    const f = path.join(dataDir, rel);
    if (!fs.existsSync(f)) throw new Error(`${f} is missing: --data must point at the lab's data folder (corpora/ and lexicons/ inside)`);
    return fs.readFileSync(f, "utf8");
  };
  const lines = (rel: string) => need(rel).split("\n").filter((l) => l.trim() !== "");
  const jsonLines = <T>(rel: string) => lines(rel).map((l) => JSON.parse(l) as T);

  // The texts measured on: never learned from.
  const heldOut = new Set([
    ...lines("corpora/csl-dev/cls_dcp_dev.tsv").map((l) => l.split("\t")[1] ?? ""),
    ...lines("corpora/thucnews-dev/dev.txt").map((l) => l.split("\t")[0] ?? ""),
    ...jsonLines<TnewsLine>("corpora/tnews-fewclue/dev_few_all.json").map((h) => h.sentence),
  ].map(fingerprint));
  const heldOutTitles = new Set(lines("corpora/csl-dev/ts_dev.tsv").map((l) => fingerprint(l.split("\t")[2] ?? "")));
  const seen = new Set<string>();
  /** True (and remembered) for a text neither held out nor seen before. */
  const isFresh = (text: string) => {
    const fp = fingerprint(text);
    if (heldOut.has(fp) || seen.has(fp)) return false;
    seen.add(fp);
    return true;
  };

  const abstracts: Abstract[] = [];
  const removed = { abstracts: 0, headlines: 0, generalHeadlines: 0 };
  for (const file of ["corpora/csldcp-fewclue/train_few_all.json", "corpora/csldcp-fewclue/dev_few_all.json"]) {
    for (const { content, label } of jsonLines<{ content: string; label: string }>(file)) {
      if (!isFresh(content)) { removed.abstracts++; continue; }
      if (!DISCIPLINE_TO_CLC[label]) throw new Error(`discipline "${label}" has no CLC mapping in lib/topic/knowledge/mapping.ts`);
      abstracts.push({ text: content, discipline: label });
    }
  }
  const headlines: Headline[] = [];
  for (const h of jsonLines<TnewsLine>("corpora/tnews-fewclue/train_few_all.json")) {
    if (!isFresh(h.sentence)) { removed.headlines++; continue; }
    if (h.label_desc) headlines.push({ text: tnewsText(h), category: h.label_desc });
  }
  const generalHeadlines: Headline[] = [];
  for (const h of jsonLines<TnewsLine>("corpora/tnews-fewclue/unlabeled.json")) {
    if (isFresh(h.sentence)) generalHeadlines.push({ text: tnewsText(h), category: "" });
    else removed.generalHeadlines++;
  }

  const lexicons: Lexicon[] = fs.readdirSync(path.join(dataDir, "lexicons/thuocl")).filter((f) => /^THUOCL_.+\.txt$/.test(f)).sort().map((f) => ({
    name: f.slice("THUOCL_".length, -4),
    words: lines(`lexicons/thuocl/${f}`).map((l) => l.split("\t")).map(([w, df]) => [w.trim(), Number(df)] as [string, number]).filter(([w, df]) => w && df > 0),
  }));
  const titles = lines("corpora/csl-train-titles/cls_ctg_train.tsv").slice(TITLES_SERVED).map((l) => l.split("\t"))
    .map(([, title, field]) => ({ title: title.trim(), field: field.trim() }))
    .filter((t) => t.title.length >= 8 && t.title.length <= 40 && !heldOutTitles.has(fingerprint(t.title)));
  return { abstracts, headlines, generalHeadlines, lexicons, titles, removed };
}

/** A labelled document with the text its words came from. */
export type TextDoc = LabelledDoc & { text: string };

/**
 * The labelled documents of the sources: abstracts by discipline and headlines by category (whole
 * words), of the categories that map to a class; and the unlabelled headlines self-training
 * (self-training.ts) labels, of those categories, apart, so that a class's count of headlines
 * says how many people labelled.
 */
export function labelledDocs(s: KnowledgeSources, opts: { selfTraining?: SelfTrainingOptions | false } = {}): {
  abstractDocs: TextDoc[]; headlineDocs: TextDoc[]; selfTrainedDocs: TextDoc[];
} {
  const labelled = s.headlines.map((h) => ({ text: h.text, terms: new Set(knowledgeWords(h.text)), category: h.category }));
  const general = s.generalHeadlines.map((h) => new Set(knowledgeWords(h.text)));
  const trained = opts.selfTraining === false ? [] : selfTrain(labelled, general, opts.selfTraining ?? SELF_TRAINING).labels
    .map((l) => ({ text: s.generalHeadlines[l.index].text, terms: general[l.index], category: l.category }));
  const mapped = (list: { text: string; terms: Set<string>; category: string }[]) => list.filter((h) => NEWS_CATEGORY_TO_CLC[h.category])
    .map((h) => ({ text: h.text, terms: h.terms, codes: NEWS_CATEGORY_TO_CLC[h.category] }));
  return {
    abstractDocs: s.abstracts.map((a) => ({ text: a.text, terms: new Set(knowledgeWords(a.text)), codes: DISCIPLINE_TO_CLC[a.discipline] })),
    headlineDocs: mapped(labelled),
    selfTrainedDocs: mapped(trained),
  };
}
