import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { test } from "node:test";
import { projectPath } from "../project-root";
import { WORKER_NODE_FLAGS, WORKER_OLD_SPACE_MB } from "./heap-limits";

test("`npm run worker` starts the worker with the heap limits the start script and the benches use", () => {
  const scripts = JSON.parse(fs.readFileSync(projectPath("package.json"), "utf8")).scripts as Record<string, string>;
  const args = scripts.worker.split(/\s+/);
  for (const flag of WORKER_NODE_FLAGS) assert.ok(args.includes(flag), `package.json's worker script lacks ${flag}: ${scripts.worker}`);
});

test("a process started with the worker's flags has the old generation they set, and its threads share it", () => {
  const out = execFileSync(process.execPath, [...WORKER_NODE_FLAGS, "-e", `
    const v8 = require("node:v8"); const { Worker } = require("node:worker_threads");
    const main = v8.getHeapStatistics().heap_size_limit;
    new Worker("require('node:worker_threads').parentPort.postMessage(require('node:v8').getHeapStatistics().heap_size_limit)", { eval: true })
      .on("message", (t) => { console.log(JSON.stringify({ main, thread: t })); process.exit(0); });`], { encoding: "utf8" });
  const { main, thread } = JSON.parse(out) as { main: number; thread: number };
  const mb = (n: number) => n / 2 ** 20;
  // The limit is the old generation plus the young one (a few MB with small semi-spaces).
  assert.ok(mb(main) >= WORKER_OLD_SPACE_MB && mb(main) < WORKER_OLD_SPACE_MB + 64, `main heap limit ${mb(main)} MB`);
  assert.ok(mb(thread) >= WORKER_OLD_SPACE_MB && mb(thread) < WORKER_OLD_SPACE_MB + 64, `thread heap limit ${mb(thread)} MB`);
});
