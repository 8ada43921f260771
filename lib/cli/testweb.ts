/** `focuscrawl testweb` (npm run testweb): serve the test web until interrupted. */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { labelTestWeb } from "../testweb/generator";
import { startTestWeb } from "../testweb/server";
import { intFlag } from "./args";

export const TESTWEB_USAGE = `focuscrawl testweb [--port 8700] [--seed 1] [--pages 5000] [--labels FILE] [--target TP]
  serves every virtual host on 127.0.0.1:PORT; crawl it with --resolve "*=127.0.0.1:PORT" --allow-private`;

/** Serve until SIGINT/SIGTERM. */
export async function runTestWeb(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { port: { type: "string" }, seed: { type: "string" }, pages: { type: "string" }, labels: { type: "string" }, target: { type: "string" } },
    strict: true,
  });
  const server = await startTestWeb({
    port: intFlag("port", values.port, 8700), seed: intFlag("seed", values.seed, 1)!, pages: intFlag("pages", values.pages, 5000)!,
  });
  if (values.labels) fs.writeFileSync(values.labels, JSON.stringify(labelTestWeb(server.web, values.target ?? "TP"), null, 1));
  console.log(`test web: ${server.web.pages.length} pages on ${server.web.hosts.length + 1} hosts at ${server.url} (seed ${server.web.seed})`);
  console.log(`start page: ${server.web.portal}  (crawl with --resolve "*=127.0.0.1:${server.port}" --allow-private)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  return 0;
}
