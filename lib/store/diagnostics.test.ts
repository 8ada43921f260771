import assert from "node:assert/strict";
import { test } from "node:test";
import { diagnosisSeverity, diagnosisState, type Diagnosis } from "./diagnostics";

const at = new Date(0);
const held: Diagnosis = { kind: "held-back", n: 40, hosts: 3, share: 50, host: "a.test", until: at };
const waiting: Diagnosis = { kind: "hosts-waiting", n: 2, host: "a.test", until: at };
const stalled: Diagnosis = { kind: "stalled", n: 9 };

test("a running job with nothing or only facts of a healthy crawl is healthy; a slowdown is a warning; no worker or a stall a problem", () => {
  const cases: [Diagnosis[], boolean, string][] = [
    [[], false, "healthy"],
    [[held], false, "healthy"],
    [[held, { kind: "blocked-hosts", n: 1 }, { kind: "page-budget", n: 100 }], false, "healthy"],
    [[held, waiting], false, "warning"],
    [[{ kind: "robots-unreachable", n: 1, names: ["a.test"] }], false, "warning"],
    [[waiting, stalled], false, "problem"],
    [[{ kind: "no-workers", n: 0 }], false, "problem"],
    [[waiting], true, "ended"],
  ];
  for (const [found, isOver, state] of cases) assert.equal(diagnosisState(found, isOver), state, found.map((d) => d.kind).join(",") || "none");
});

test("held back for focus is information, not a warning", () => {
  assert.equal(diagnosisSeverity("held-back"), "info");
  assert.equal(diagnosisSeverity("paused"), "info");
  assert.equal(diagnosisSeverity("hosts-waiting"), "warning");
  assert.equal(diagnosisSeverity("stalled"), "problem");
});
