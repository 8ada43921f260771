#!/usr/bin/env node
// The browser bench's peer (bench/browser.ts --peer DIR): Crawlee 3.18.1's PlaywrightCrawler on the
// system Chromium, crawling the bench's JavaScript site as its users would write it: each page
// rendered, its article awaited (the site's script writes it after an API call), its text read and
// its links enqueued. Crawlee's defaults otherwise (pages share the browser's context; navigation
// waits for `load`). Prints one JSON line: pages, seconds, pages per second.
//   node crawl-playwright.mjs --start URL --max-pages N --concurrency C --chromium PATH
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const a = { start: '', maxPages: 150, concurrency: 2, chromium: '/usr/bin/chromium' };
for (let i = 2; i < process.argv.length; i += 2) {
  const k = process.argv[i], v = process.argv[i + 1];
  if (k === '--start') a.start = v; else if (k === '--max-pages') a.maxPages = Number(v);
  else if (k === '--concurrency') a.concurrency = Number(v); else if (k === '--chromium') a.chromium = v;
  else throw new Error(`unknown argument ${k}`);
}
process.env.CRAWLEE_STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlee-pw-'));
const { PlaywrightCrawler, Configuration, log, LogLevel } = await import('crawlee');
log.setLevel(LogLevel.WARNING);

let pages = 0, chars = 0;
const crawler = new PlaywrightCrawler({
  maxRequestsPerCrawl: a.maxPages,
  maxConcurrency: a.concurrency,
  minConcurrency: a.concurrency,
  headless: true,
  launchContext: {
    launchOptions: {
      executablePath: a.chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  async requestHandler({ page, enqueueLinks }) {
    await page.waitForSelector('article', { timeout: 10_000 }).catch(() => {});
    chars += (await page.innerText('body')).length;
    await enqueueLinks();
    pages += 1;
  },
}, new Configuration({ persistStorage: false }));

const started = performance.now();
await crawler.run([a.start]);
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ pages, chars, seconds, pagesPerSecond: pages / seconds }));
