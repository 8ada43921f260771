/**
 * The top words of some classes' field vocabulary (lib/topic/knowledge/class-knowledge.json), before
 * and after a change, and for each word that left a class's top, what the lexicon rule says of it
 * (docs/ALGORITHMS.md §1.3a: the field's share against general text's).
 *   npm run bench:class-words -- [--data ../shared/data] [--before-ref REV | --before FILE] [--after FILE] [--classes F8,F83,TP3,U4,TS971,K,S] [--top 30]
 * `--after` defaults to the shipped file; give a file built with `build:class-knowledge -- --out FILE` to compare one not yet shipped.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getClcNode } from "../lib/topic/clc/tree";
import { judgeLexiconWord, isWithinClass, type LexiconVerdict } from "../lib/topic/knowledge/learn";
import { KNOWLEDGE_FILE, type ClassKnowledgeFile } from "../lib/topic/knowledge/knowledge";
import { LEXICON_TO_CLC } from "../lib/topic/knowledge/mapping";
import { labelledDocs, loadKnowledgeSources } from "../lib/topic/knowledge/sources";
import { fieldTextsOf, lexiconContextOf } from "../lib/topic/knowledge/field-texts";

const { values } = parseArgs({ options: { data: { type: "string" }, before: { type: "string" }, after: { type: "string" }, "before-ref": { type: "string" }, classes: { type: "string" }, top: { type: "string" } } });
const TOP = Number(values.top ?? 30);
const CLASSES = (values.classes ?? "F8,F83,TP3,U4,TS971,K,S").split(",");
const DATA = path.resolve(values.data ?? path.join(import.meta.dirname, "..", "..", "shared", "data"));

const after = JSON.parse(fs.readFileSync(values.after ?? KNOWLEDGE_FILE, "utf8")) as ClassKnowledgeFile;
const beforeText = values["before-ref"]
  ? execFileSync("git", ["show", `${values["before-ref"]}:lib/topic/knowledge/class-knowledge.json`], { encoding: "utf8", maxBuffer: 64 << 20 })
  : values.before ? fs.readFileSync(values.before, "utf8") : undefined;
const before = beforeText ? (JSON.parse(beforeText) as ClassKnowledgeFile) : undefined;

const sources = loadKnowledgeSources(DATA);
const { abstractDocs, headlineDocs } = labelledDocs(sources, { selfTraining: false });
const texts = fieldTextsOf(abstractDocs, headlineDocs, sources.generalHeadlines.map((h) => h.text), sources.lexicons);

const words = (k: ClassKnowledgeFile | undefined, code: string) => (k?.classes[code]?.terms ?? []).map(([t]) => t);
const pct = (x: number) => `${(100 * x).toPrecision(2)} %`;

/** The lexicon rule's verdict on `word` for `code`, under each lexicon of the class (or below it) that lists it. */
function verdicts(code: string, word: string): { lexicon: string; v: LexiconVerdict }[] {
  const ctx = lexiconContextOf(texts, code);
  return sources.lexicons.filter((l) => (LEXICON_TO_CLC[l.name] ?? []).some((c) => isWithinClass(c, code))).flatMap((lex) => {
    const entry = lex.words.find(([w]) => w === word);
    if (!entry) return [];
    return [{ lexicon: lex.name, v: judgeLexiconWord(word, entry[1], Math.max(...lex.words.map(([, df]) => df)), ctx) }];
  });
}

function explain(code: string, word: string, rankAfter: number): string {
  const g = texts.general.figures(word);
  const general = `general ${pct(g.share)} (${g.headlines} of ${texts.general.headlineCount} headlines; jieba ${pct(g.dictionary)} scaled)`;
  const vs = verdicts(code, word);
  const where = rankAfter >= 0 ? `now #${rankAfter + 1}` : "no longer in the vocabulary";
  if (vs.length === 0) return `${where}; not a lexicon word (${general})`;
  return vs.map(({ lexicon, v }) => v.isKept
    ? `${where}; kept by ${lexicon}'s rule (${v.by}: field ${pct(v.field)} ≥ 3 × ${general})`
    : `${where}; dropped by ${lexicon}'s rule: ${v.rule}${v.rule === "general word" ? ` (field ${pct(v.field)} < 3 × ${general})` : ""}`).join("; ");
}

for (const code of CLASSES) {
  const a = words(after, code);
  const b = words(before, code);
  const k = after.classes[code];
  console.log(`\n### ${code} ${getClcNode(code)?.name ?? ""} (now: ${k?.sources.abstracts ?? 0} abstracts, ${k?.sources.headlines ?? 0} headlines, lexicons ${k?.sources.lexicons.join(", ") || "—"})\n`);
  console.log(before ? "| # | before | after |\n|---:|---|---|" : "| # | words |\n|---:|---|");
  for (let i = 0; i < TOP; i++) console.log(before ? `| ${i + 1} | ${b[i] ?? ""} | ${a[i] ?? ""} |` : `| ${i + 1} | ${a[i] ?? ""} |`);
  if (!before) continue;
  const gone = b.slice(0, TOP).filter((w) => !a.slice(0, TOP).includes(w));
  if (gone.length) console.log(`\nLeft the top ${TOP}:\n${gone.map((w) => `- ${w}: ${explain(code, w, a.indexOf(w))}`).join("\n")}`);
}
