/** `focuscrawl crawl`: run one job to its end against the configured database and write a report. */
import { DEFAULT_STRATEGY } from "../strategy/registry";
import { STALL_WINDOW_MS } from "../store/stall";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../store/infra/connect";
import { controlJob, createJob } from "../store/jobs";
import { createPrisma } from "../store/infra/prisma";
import { openClaimSql, openSql } from "../store/infra/sql";
import { createCrawlWorker } from "../crawl/worker";
import { guardWorkerProcess } from "../crawl/url-faults";
import { parseResolveMap } from "../rules/resolve-map";
import { loadEnv } from "../env";
import { parseJobInput } from "../jobs/input";
import { buildReport } from "../store/report";
import { UsageError } from "./args";
import { readTopicFile } from "./topic";

export const CRAWL_USAGE = `focuscrawl crawl --seed URL [--seed URL ...] (--keywords "词1,词2" | --clc CODE | --topic topic.json) [options]
  --strategy ID         link strategy (default ${DEFAULT_STRATEGY}, the lab's best on the realistic web)
  --max-pages N         stop after N fetched URLs (default 1000)
  --max-depth N         do not follow links deeper than N (default 10)
  --threshold X         relevance a page needs to count as relevant (default 0.035)
  --delay-ms N          minimum time between two requests to one host (default 1000; robots.txt Crawl-delay may ask for more)
  --host-connections N  requests in flight to one host at most (default 2)
  --resolve HOST=ADDR[:PORT]  connect HOST to ADDR (like curl --resolve); HOST * matches every host
  --allow-private       allow loopback and private addresses (needed for a local test web)
  --concurrency N       URLs in flight (default WORKER_CONCURRENCY)
  --report FILE         write the JSON report to FILE`;

/** Run the crawl command; returns the process exit code. */
export async function runCrawl(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string", multiple: true }, keywords: { type: "string" }, strategy: { type: "string" },
      "max-pages": { type: "string" }, "max-depth": { type: "string" }, threshold: { type: "string" },
      resolve: { type: "string", multiple: true }, "allow-private": { type: "boolean" },
      concurrency: { type: "string" }, report: { type: "string" }, name: { type: "string" },
      clc: { type: "string", multiple: true }, topic: { type: "string" },
      "delay-ms": { type: "string" }, "host-connections": { type: "string" },
    },
    strict: true,
  });
  const topicFile = values.topic ? readTopicFile(values.topic) : undefined;
  const input = parseJobInput({
    name: values.name, seeds: values.seed ?? [], keywords: values.keywords ?? "", clc: values.clc ?? [],
    strategy: values.strategy, maxPages: values["max-pages"], maxDepth: values["max-depth"], pageThreshold: values.threshold,
    resolve: values.resolve, minDelayMs: values["delay-ms"], maxHostConnections: values["host-connections"],
  }, { topic: topicFile });
  if (!input.ok) throw new UsageError(Object.values(input.errors).flat().join("\n"));
  const env = loadEnv();
  const concurrency = values.concurrency === undefined ? env.WORKER_CONCURRENCY : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a whole number >= 1`);

  // As in a worker process: an error escaping one URL's handling fails that URL, not the crawl.
  guardWorkerProcess((l) => console.error(`[crawl] ${l}`));
  const db = await openDatabase(env, (l) => console.error(l));
  const prisma = createPrisma(db.url);
  const sql = openSql(db.url, { max: Math.min(20, concurrency + 4), app: "focuscrawl-cli", isAsyncCommit: true });
  const claimSql = openClaimSql(db.url, "focuscrawl-cli");
  try {
    const job = await createJob(prisma, input.value);
    console.error(`job ${job.id} started: ${job.seeds.length} seed(s), strategy ${job.strategy}, max ${job.maxPages} pages`);
    const worker = createCrawlWorker({
      sql, claimSql, concurrency, leaseMs: env.WORKER_LEASE_MS, heartbeatMs: env.WORKER_HEARTBEAT_MS,
      staleAfterMs: env.WORKER_STALE_AFTER_MS, idlePollMs: Math.min(env.WORKER_IDLE_POLL_MS, 200),
      userAgent: env.CRAWL_USER_AGENT, allowPrivate: env.ALLOW_PRIVATE_NETWORKS || Boolean(values["allow-private"]), privateAllowList: env.PRIVATE_NETWORK_ALLOW,
      resolve: parseResolveMap(env.CRAWL_RESOLVE), jobIds: [job.id], exitWhenJobsEnd: true, failOnStallMs: STALL_WINDOW_MS, log: (l) => console.error(l),
    });
    let interrupts = 0;
    const onSignal = () => {
      if (++interrupts > 1) process.exit(130);
      console.error("stopping the job (press Ctrl-C again to quit at once)");
      void controlJob(prisma, job.id, "stop");
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    await worker.run();
    const report = await buildReport(sql, job.id);
    if (values.report) fs.writeFileSync(values.report, JSON.stringify(report, null, 2));
    const t = report.totals;
    console.error(`job ${job.id} ${report.job.status} (${report.job.finishReason}): ${t.fetched} pages, ${t.relevant} relevant, ` +
      `${t.failed} failed, harvest rate ${t.harvestRate.toFixed(3)}, ${t.elapsedMs} ms` + (values.report ? `; report in ${values.report}` : ""));
    return 0;
  } finally {
    await Promise.all([sql.end({ timeout: 5 }), claimSql.end({ timeout: 5 })]);
    await prisma.$disconnect();
    await db.stop();
  }
}
