/** `focuscrawl testweb` (npm run testweb): serve the test web until interrupted. */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { labelTestWeb } from "../testweb/generator";
import { HOSTILE_PORTAL } from "../testweb/hostile";
import { startTestWeb } from "../testweb/server";
import { JS_SITE } from "../testweb/js-site";
import { intFlag } from "./args";

export const TESTWEB_USAGE = `focuscrawl testweb [--port 8700] [--seed 1] [--pages 5000] [--labels FILE] [--target TP] [--hostile] [--latency-ms N]
  serves every virtual host on 127.0.0.1:PORT; crawl it with --resolve "*=127.0.0.1:PORT" --allow-private
  --hostile adds the misbehaving hosts (slow, endless, huge, gzip bomb, loops, wrong charsets, 429/500,
  traps, mirrors, documents) under ${HOSTILE_PORTAL}
  http://${JS_SITE}/ is a site whose text JavaScript writes: crawl it with the fetch mode "browser" to try browser mode`;

/** Serve until SIGINT/SIGTERM. */
export async function runTestWeb(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: "string" }, seed: { type: "string" }, pages: { type: "string" }, labels: { type: "string" }, target: { type: "string" },
      hostile: { type: "boolean" }, "latency-ms": { type: "string" } },
    strict: true,
  });
  const server = await startTestWeb({
    port: intFlag("port", values.port, 8700), seed: intFlag("seed", values.seed, 1)!, pages: intFlag("pages", values.pages, 5000)!,
    hostile: values.hostile, latencyMs: intFlag("latency-ms", values["latency-ms"], 0),
  });
  if (values.labels) fs.writeFileSync(values.labels, JSON.stringify(labelTestWeb(server.web, values.target ?? "TP"), null, 1));
  console.log(`test web: ${server.web.pages.length} pages on ${server.web.hosts.length + 1} hosts at ${server.url} (seed ${server.web.seed})`);
  if (values.hostile) console.log(`hostile hosts: start at ${HOSTILE_PORTAL}`);
  console.log(`start page: ${server.web.portal}  (crawl with --resolve "*=127.0.0.1:${server.port}" --allow-private)`);
  console.log(`JavaScript site (try browser mode): http://${JS_SITE}/  (a job with the fetch mode "browser" and the host override ${JS_SITE}=127.0.0.1:${server.port}; the dashboard needs ALLOW_PRIVATE_NETWORKS=1)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  return 0;
}
