/**
 * The realistic web built from the sample bundled for tests (bench/data/csl-dev.tsv: CSL paper
 * abstracts, Apache-2.0, see NOTICE.md), served on loopback: journals behind a directory portal,
 * and `deadHosts` hosts linked to that drop every connection.
 */
import path from "node:path";
import { after, before } from "node:test";
import { createTestDatabase, type TestDatabase } from "../testing/db";
import { buildRealWeb, type RealWebLayout } from "./build";
import { loadBundledSample } from "./corpora";
import { startRealWeb, type RealWebServer } from "./server";

const SAMPLE = path.resolve(import.meta.dirname, "../../bench/data/csl-dev.tsv");

/** Serve the sample web built from its first `abstracts` papers (all by default) in `layout` (default `sites`); close it after. */
export function startSampleWeb(opts: { deadHosts: number; abstracts?: number; decoys?: boolean; layout?: RealWebLayout }): Promise<RealWebServer> {
  return startRealWeb(buildRealWeb(loadBundledSample(SAMPLE, opts.abstracts), 1, { deadHosts: opts.deadHosts, decoys: opts.decoys, layout: opts.layout }));
}

/**
 * For a test file: a fresh test database and the sample web, made before its tests and removed
 * after them (node:test hooks). Read `db` and `web` inside tests, once the hooks have run.
 */
export function useSampleWeb(opts: { deadHosts: number; abstracts?: number; layout?: RealWebLayout }): { db: TestDatabase; web: RealWebServer } {
  const env = {} as { db: TestDatabase; web: RealWebServer };
  before(async () => {
    env.db = await createTestDatabase();
    env.web = await startSampleWeb(opts);
  });
  after(async () => {
    await env.web.close();
    await env.db.drop();
  });
  return env;
}
