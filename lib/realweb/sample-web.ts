/**
 * The realistic web built from the sample bundled for tests (bench/data/csl-dev.tsv: CSL paper
 * abstracts, Apache-2.0, see NOTICE.md), served on loopback: journals behind a directory portal,
 * and `deadHosts` hosts linked to that drop every connection.
 */
import path from "node:path";
import { buildRealWeb } from "./build";
import { loadBundledSample } from "./corpora";
import { startRealWeb, type RealWebServer } from "./server";

const SAMPLE = path.resolve(import.meta.dirname, "../../bench/data/csl-dev.tsv");

/** Serve the sample web built from its first `abstracts` papers (all by default); close it after. */
export function startSampleWeb(opts: { deadHosts: number; abstracts?: number }): Promise<RealWebServer> {
  return startRealWeb(buildRealWeb(loadBundledSample(SAMPLE, opts.abstracts), 1, { deadHosts: opts.deadHosts }));
}
