/** `focuscrawl topic build|refine` and `focuscrawl score`: topics as files, scoring as a stream. */
import fs from "node:fs";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { parseResolveMap } from "../rules/resolve-map";
import { loadEnv } from "../env";
import { fetchExampleTexts } from "../crawl/example-pages";
import { DEFAULT_FEEDBACK_PAGES, MAX_FEEDBACK_PAGES, MAX_NON_RELEVANT_PAGES, PageCentroid, refineTopic, type FeedbackPage } from "../topic/feedback";
import { buildTopic, isRelevantAt, scorePage, topicScorer, TopicDefinitionSchema, TopicError, warmUpTextPipeline, type TopicVector } from "../topic/topic";
import { UsageError } from "./args";
import { DEFAULT_PAGE_THRESHOLD } from "../jobs/input";

export const TOPIC_USAGE = `focuscrawl topic build [--clc CODE ...] [--keywords "词1,词2"] [--negative "词"] [--example-text FILE ...]
                      [--example-url URL ...] [--user-dict "术语1,术语2"] [--top-k 200] --out topic.json
focuscrawl topic refine --topic topic.json --in texts.jsonl [--pages 10] [--threshold 0.035] --out refined.json
  the topic learns from the texts it scores best (pseudo-relevance feedback)
focuscrawl score --topic topic.json --in texts.jsonl --out scores.jsonl
  input lines {"id","title","text"}; output lines {"id","score","terms"}`;

/** Build a topic from flags; TopicErrors become usage errors naming the flag. */
export async function buildTopicFromFlags(values: {
  clc?: string[]; keywords?: string; negative?: string; "example-text"?: string[]; "example-url"?: string[]; "user-dict"?: string; "top-k"?: string;
}): Promise<TopicVector> {
  const texts = (values["example-text"] ?? []).map((file) => {
    if (!fs.existsSync(file)) throw new UsageError(`--example-text: no file ${file}`);
    return fs.readFileSync(file, "utf8");
  });
  const parsed = TopicDefinitionSchema.safeParse({
    clc: values.clc ?? [], keywords: values.keywords ?? [], negative: values.negative ?? [], exampleTexts: texts,
    exampleUrls: values["example-url"] ?? [], userDict: values["user-dict"] ?? [],
    topK: values["top-k"] === undefined ? undefined : Number(values["top-k"]),
  });
  if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join("\n"));
  try {
    const env = loadEnv();
    const pages = await fetchExampleTexts(parsed.data.exampleUrls, {
      userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS, privateAllowList: env.PRIVATE_NETWORK_ALLOW, resolve: parseResolveMap(env.CRAWL_RESOLVE),
    });
    return buildTopic(parsed.data, pages);
  } catch (err) {
    if (err instanceof TopicError) throw new UsageError(err.message);
    throw err;
  }
}

/** Read a topic file written by `topic build`; a UsageError says what is wrong with it. */
export function readTopicFile(file: string): TopicVector {
  let data: TopicVector;
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (err) {
    throw new UsageError(`--topic ${file}: cannot read it as JSON (${(err as Error).message}); make one with \`focuscrawl topic build\``);
  }
  if (data?.kind !== "vsm" || !Array.isArray(data.terms) || data.terms.length === 0) {
    throw new UsageError(`--topic ${file}: not a topic file; make one with \`focuscrawl topic build\``);
  }
  return data;
}

/** `focuscrawl topic build ...` or `focuscrawl topic refine ...` */
export async function runTopic(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "refine") return runRefine(rest);
  if (sub !== "build") throw new UsageError(`unknown topic command "${sub ?? ""}"; use \`focuscrawl topic build\` or \`focuscrawl topic refine\``);
  const { values } = parseArgs({
    args: rest,
    options: {
      clc: { type: "string", multiple: true }, keywords: { type: "string" }, negative: { type: "string" },
      "example-text": { type: "string", multiple: true }, "example-url": { type: "string", multiple: true },
      "user-dict": { type: "string" }, "top-k": { type: "string" }, out: { type: "string" },
    },
    strict: true,
  });
  if (!values.out) throw new UsageError("--out FILE is required");
  const topic = await buildTopicFromFlags(values);
  fs.writeFileSync(values.out, JSON.stringify(topic, null, 1));
  console.error(`topic with ${topic.terms.length} terms written to ${values.out}; strongest: ${topic.terms.slice(0, 8).map(([t, w]) => `${t} ${w.toFixed(3)}`).join(", ")}`);
  return 0;
}

/** The documents of a JSON-lines file, `{"id","title","text"}` each; a bad line is a UsageError with its number. */
async function* readDocs(file: string): AsyncGenerator<{ id: unknown; title: string; text: string }> {
  if (!fs.existsSync(file)) throw new UsageError(`--in: no file ${file}`);
  const lines = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    let doc: { id?: unknown; title?: unknown; text?: unknown };
    try {
      doc = JSON.parse(line);
    } catch {
      throw new UsageError(`--in ${file} line ${lineNo}: not JSON; each line must be {"id","title","text"}`);
    }
    if (typeof doc.text !== "string") throw new UsageError(`--in ${file} line ${lineNo}: "text" must be a string`);
    yield { id: doc.id ?? lineNo, title: typeof doc.title === "string" ? doc.title : "", text: doc.text };
  }
}

/**
 * `focuscrawl topic refine ...`: score every text, learn from the best `--pages` of them and
 * against those below `--threshold`, as a job's topic learns from its pages.
 */
async function runRefine(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { topic: { type: "string" }, in: { type: "string" }, pages: { type: "string" }, threshold: { type: "string" }, out: { type: "string" } }, strict: true });
  if (!values.topic || !values.in || !values.out) throw new UsageError("--topic, --in and --out are all required");
  const n = Number(values.pages ?? DEFAULT_FEEDBACK_PAGES);
  if (!Number.isInteger(n) || n < 1 || n > MAX_FEEDBACK_PAGES) throw new UsageError(`--pages: give a whole number from 1 to ${MAX_FEEDBACK_PAGES}`);
  const threshold = Number(values.threshold ?? DEFAULT_PAGE_THRESHOLD);
  if (!(threshold >= 0 && threshold <= 1)) throw new UsageError("--threshold: give a number between 0 and 1, e.g. 0.035");
  const topic = readTopicFile(values.topic);
  const scorer = topicScorer(topic);
  // The n best so far, best first; a text that scores 0 shares no word with the topic and teaches it nothing.
  const best: (FeedbackPage & { score: number })[] = [];
  // Texts below the threshold, as a running mean (only the first MAX_NON_RELEVANT_PAGES, as a job reads).
  const below = new PageCentroid(topic);
  for await (const doc of readDocs(values.in)) {
    const score = scorePage(scorer, doc.title, doc.text).relevance;
    if (!isRelevantAt(score, threshold) && below.count < MAX_NON_RELEVANT_PAGES) below.add(doc);
    if (score <= 0 || (best.length === n && score <= best[n - 1].score)) continue;
    const at = best.findIndex((b) => b.score < score);
    best.splice(at === -1 ? best.length : at, 0, { title: doc.title, text: doc.text, score });
    if (best.length > n) best.pop();
  }
  if (best.length === 0) throw new UsageError(`--in ${values.in}: no text shares a word with the topic, so there is nothing to learn from`);
  const refined = refineTopic(topic, best, { nonRelevant: below });
  fs.writeFileSync(values.out, JSON.stringify(refined, null, 1));
  console.error(`topic refined from ${best.length} texts (scores ${best[best.length - 1].score.toFixed(3)}–${best[0].score.toFixed(3)}) ` +
    `and ${below.count} below ${threshold} written to ${values.out}; new terms: ${refined.feedback!.added.slice(0, 10).join(", ") || "none"}`);
  return 0;
}

/** `focuscrawl score ...`: streams JSON lines in and out; a bad line is reported with its number. */
export async function runScore(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { topic: { type: "string" }, in: { type: "string" }, out: { type: "string" } }, strict: true });
  if (!values.topic || !values.in || !values.out) throw new UsageError("--topic, --in and --out are all required");
  if (!fs.existsSync(values.in)) throw new UsageError(`--in: no file ${values.in}`);
  const scorer = topicScorer(readTopicFile(values.topic));
  const out = fs.createWriteStream(values.out);
  let n = 0;
  warmUpTextPipeline(); // before the clock starts
  const started = performance.now();
  for await (const doc of readDocs(values.in)) {
    const s = scorePage(scorer, doc.title, doc.text);
    const ok = out.write(JSON.stringify({ id: doc.id, score: +s.relevance.toFixed(6), terms: s.terms.map((t) => t.term) }) + "\n");
    if (!ok) await new Promise<void>((r) => out.once("drain", () => r()));
    n++;
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const seconds = (performance.now() - started) / 1000;
  console.error(`scored ${n} documents in ${seconds.toFixed(2)} s (${Math.round(n / seconds)}/s) into ${values.out}`);
  return 0;
}
