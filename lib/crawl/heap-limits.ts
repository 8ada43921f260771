/**
 * The V8 heap limits a crawl worker process runs with (`npm run worker`, scripts/start.ts, the
 * benches that measure the worker). Analysis threads inherit them.
 *
 * Left to its defaults V8 lets a busy worker's heap grow far past what it keeps alive: on the
 * heavy site (bench/PERFORMANCE.md, "Worker memory") the main thread held about 60 MB of live
 * objects in a 200+ MB heap, and the young generation's 16 MB semi-spaces were kept per isolate.
 * With the old generation capped at 256 MB (four times what a worker keeps alive, so a large
 * page still fits) and 4 MB semi-spaces, the worker's peak RSS with one analysis thread fell from
 * about 390 MB to about 270 MB for about 1 ms more CPU a page (more frequent collections).
 */
export const WORKER_OLD_SPACE_MB = 256;
export const WORKER_SEMI_SPACE_MB = 4;

/** Node's flags for a worker process. */
export const WORKER_NODE_FLAGS: readonly string[] = [`--max-old-space-size=${WORKER_OLD_SPACE_MB}`, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
