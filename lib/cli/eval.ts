/** `focuscrawl eval`: the evaluation lab — every chosen strategy on the same topic and seeds, compared. */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../store/infra/connect";
import { createPrisma } from "../store/infra/prisma";
import { openClaimSql, openSql } from "../store/infra/sql";
import { parseResolveMap } from "../rules/resolve-map";
import { loadEnv } from "../env";
import { chartsSvg, markdownReport } from "../eval/report";
import { runLab } from "../eval/lab";
import { parseLabels } from "../eval/metrics";
import { parseJobInput } from "../jobs/input";
import { STRATEGY_IDS } from "../strategy/registry";
import { intFlag, UsageError } from "./args";
import { readTopicFile } from "./topic";

export const EVAL_USAGE = `focuscrawl eval --seed URL [--seed URL ...] (--topic topic.json | --clc CODE | --keywords "词1,词2") [options]
  --strategies a,b,c    strategies to compare (default: all ${STRATEGY_IDS.length})
  --max-pages N         pages per strategy (default 4000)
  --checkpoints a,b,c   pages fetched at which to report (default 500,1000,1500,4000)
  --labels FILE         ground truth ({"pages":{"URL":{"relevant":true}}}, as testweb --labels writes); without it the page filter judges
  --out DIR             where to write results.json, results.md, harvest.svg, recall.svg (default results/)
  --delay-ms N, --host-connections N, --threshold X, --max-depth N, --resolve HOST=ADDR[:PORT], --allow-private, --concurrency N
                        as for crawl; every strategy gets the same (politeness on: --delay-ms defaults to 1000)
  --hold-back N         focus under politeness, 0–100 (default 50; 0 = take the best URL of any ready host)
  --adapt-after N       pages after which each job's topic learns by itself (0 = never, the default)
  --feedback on|off     priorities learn from each host's harvest (default on; off runs the papers' strategies as published)
  --idle on|off         with the feedback on, idle slots fetch held-back URLs the budget would fetch anyway (default on)`;

/** Run the lab; returns the exit code. */
export async function runEval(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string", multiple: true }, keywords: { type: "string" }, clc: { type: "string", multiple: true }, topic: { type: "string" },
      strategies: { type: "string" }, "max-pages": { type: "string" }, checkpoints: { type: "string" }, labels: { type: "string" },
      out: { type: "string" }, "delay-ms": { type: "string" }, "host-connections": { type: "string" }, threshold: { type: "string" },
      "max-depth": { type: "string" }, resolve: { type: "string", multiple: true }, "allow-private": { type: "boolean" }, concurrency: { type: "string" },
      "hold-back": { type: "string" }, "adapt-after": { type: "string" }, feedback: { type: "string" }, idle: { type: "string" },
    },
    strict: true,
  });
  const strategies = (values.strategies ?? STRATEGY_IDS.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = strategies.filter((s) => !(STRATEGY_IDS as readonly string[]).includes(s));
  if (unknown.length) throw new UsageError(`unknown strategy ${unknown.join(", ")}: use any of ${STRATEGY_IDS.join(", ")}`);
  const checkpoints = (values.checkpoints ?? "500,1000,1500,4000").split(",").map((c) => intFlag("checkpoints", c)!);
  const maxPages = intFlag("max-pages", values["max-pages"], 4000)!;
  let labels;
  if (values.labels) {
    try {
      labels = parseLabels(JSON.parse(fs.readFileSync(values.labels, "utf8")));
    } catch (err) {
      throw new UsageError(`--labels ${values.labels}: ${(err as Error).message}`);
    }
  }
  const input = parseJobInput({
    seeds: values.seed ?? [], keywords: values.keywords ?? "", clc: values.clc ?? [], maxPages, maxDepth: values["max-depth"],
    pageThreshold: values.threshold, resolve: values.resolve, minDelayMs: values["delay-ms"], maxHostConnections: values["host-connections"],
    focusHoldBack: values["hold-back"], adaptTopicAfter: values["adapt-after"], priorityFeedback: values.feedback, idleCapacity: values.idle,
  }, { topic: values.topic ? readTopicFile(values.topic) : undefined });
  if (!input.ok) throw new UsageError(Object.values(input.errors).flat().join("\n"));
  const env = loadEnv();
  const concurrency = intFlag("concurrency", values.concurrency, env.WORKER_CONCURRENCY)!;
  const outDir = values.out ?? "results";
  fs.mkdirSync(outDir, { recursive: true });

  const db = await openDatabase(env, (l) => console.error(l));
  const prisma = createPrisma(db.url);
  const sql = openSql(db.url, { max: Math.min(20, concurrency + 4), app: "focuscrawl-eval", isAsyncCommit: true });
  const claimSql = openClaimSql(db.url, "focuscrawl-eval");
  try {
    const results = await runLab(sql, prisma, {
      claimSql, input: input.value, strategies, checkpoints, curveEvery: Math.max(10, Math.round(maxPages / 80)), labels, concurrency,
      userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS || Boolean(values["allow-private"]),
      resolve: parseResolveMap(env.CRAWL_RESOLVE), log: (l) => console.error(l),
    });
    const command = `npx focuscrawl eval ${argv.map((a) => (/[\s"*?$]/.test(a) ? JSON.stringify(a) : a)).join(" ")}`;
    fs.writeFileSync(path.join(outDir, "results.json"), JSON.stringify({ command, strategies, checkpoints, maxPages, results }, null, 1));
    fs.writeFileSync(path.join(outDir, "results.md"), markdownReport(results, checkpoints, { command, hasLabels: Boolean(labels), labels, delayMs: input.value.minDelayMs }));
    const charts = chartsSvg(results, labels ? { labels, delayMs: input.value.minDelayMs } : undefined);
    fs.writeFileSync(path.join(outDir, "harvest.svg"), charts.harvest);
    if (charts.recall) fs.writeFileSync(path.join(outDir, "recall.svg"), charts.recall);
    fs.writeFileSync(path.join(outDir, "time.svg"), charts.time);
    console.error(`results in ${outDir}/: results.json, results.md, harvest.svg${charts.recall ? ", recall.svg" : ""}, time.svg`);
    return 0;
  } finally {
    await Promise.all([sql.end({ timeout: 5 }), claimSql.end({ timeout: 5 })]);
    await prisma.$disconnect();
    await db.stop();
  }
}
