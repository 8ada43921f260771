/**
 * End-to-end crawl throughput. Usage:
 *   npm run bench:crawl -- [--pages 5000] [--concurrency 16] [--web-pages 20000]   the test web (bench/crawl-testweb.ts)
 *   npm run bench:crawl -- --site heavy [--pages 20000] [--cpu-prof]               real-sized pages (bench/crawl-heavy.ts)
 */
const i = process.argv.indexOf("--site");
const site = i >= 0 ? process.argv[i + 1] : "testweb";
if (i >= 0) process.argv.splice(i, 2);
if (site === "heavy") await import("./crawl-heavy");
else if (site === "testweb") await import("./crawl-testweb");
else {
  console.error(`--site must be "testweb" (the default) or "heavy", not "${site}"`);
  process.exitCode = 2;
}
export {};
