// Preloaded into each benchmark worker (node --import): the event loop's delay, which a claim's
// or a query's answer waits out before the worker sees it, without touching the worker's code.
// SIGUSR2 starts the measurement over (the harness sends it as the crawl starts); at exit the
// figures go to the JSON file FOCUSCRAWL_BENCH_LOOP_DELAY_FILE names.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.FOCUSCRAWL_BENCH_LOOP_DELAY_FILE;
if (file) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  process.on('SIGUSR2', () => h.reset());
  const ms = (ns) => +(ns / 1e6).toFixed(1);
  process.on('exit', () => {
    h.disable();
    fs.writeFileSync(file, JSON.stringify({ meanMs: ms(h.mean), p50Ms: ms(h.percentile(50)), p95Ms: ms(h.percentile(95)), p99Ms: ms(h.percentile(99)), maxMs: ms(h.max) }));
  });
}
