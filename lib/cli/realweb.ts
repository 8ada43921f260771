/** `focuscrawl realweb`: serve the realistic web (real text from the lab's data folder) until interrupted. */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildRealWeb, isRealWebLayout, labelRealWeb, REALWEB_LAYOUTS } from "../realweb/build";
import { loadCorpus } from "../realweb/corpora";
import { startRealWeb } from "../realweb/server";
import { intFlag, UsageError } from "./args";

export const REALWEB_USAGE = `focuscrawl realweb --data DIR [--port 8800] [--seed 1] [--layout sites|long-tail] [--labels-dir DIR --targets TP,R,F,S,G] [--latency-ms N]
  serves a directory portal, journals of real paper abstracts, news portals of real headlines and the
  real static sites of DIR (the lab's data folder: corpora/ and sites/) on 127.0.0.1:PORT; hosts it
  does not know are refused. Crawl it with --resolve "*=127.0.0.1:PORT" --allow-private.
  --layout long-tail spreads the same texts over several hundred hosts of very different sizes
  (blogs, small journals, news sections) instead of about twenty (sites, the default)
  --labels-dir writes labels-<CLASS>.json (ground truth per page from the data's own labels) per target`;

/** Serve until SIGINT/SIGTERM. */
export async function runRealWeb(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { data: { type: "string" }, port: { type: "string" }, seed: { type: "string" }, "labels-dir": { type: "string" },
      targets: { type: "string" }, "latency-ms": { type: "string" }, layout: { type: "string" } },
    strict: true,
  });
  if (!values.data) throw new UsageError("--data DIR is required: the folder holding corpora/ and sites/ (the lab's data folder, e.g. ../data)");
  const layout = values.layout ?? "sites";
  if (!isRealWebLayout(layout)) throw new UsageError(`--layout must be one of ${REALWEB_LAYOUTS.join(", ")}, got "${layout}"`);
  let corpus;
  try {
    corpus = loadCorpus(values.data);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const web = buildRealWeb(corpus, intFlag("seed", values.seed, 1)!, { decoys: true, layout });
  if (values["labels-dir"]) {
    fs.mkdirSync(values["labels-dir"], { recursive: true });
    for (const t of (values.targets ?? "TP").split(",").map((s) => s.trim().toUpperCase()).filter(Boolean)) {
      const labels = labelRealWeb(web, t);
      fs.writeFileSync(path.join(values["labels-dir"], `labels-${t}.json`), JSON.stringify(labels));
      console.log(`labels for ${t}: ${labels.relevantCount} relevant pages → ${path.join(values["labels-dir"], `labels-${t}.json`)}`);
    }
  }
  const server = await startRealWeb(web, { port: intFlag("port", values.port, 8800), latencyMs: intFlag("latency-ms", values["latency-ms"], 0) });
  console.log(`realistic web (${layout}): ${web.pages.size} pages on ${web.hosts.length} hosts (+${web.deadHosts.length} that refuse) at ${server.url}`);
  console.log(`start page: ${web.portal}  (crawl with --resolve "*=127.0.0.1:${server.port}" --allow-private)`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await server.close();
  return 0;
}
