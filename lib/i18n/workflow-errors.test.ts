import assert from "node:assert/strict";
import { test } from "node:test";
import { localizeError } from "./errors";
import { parseSchedule } from "../jobs/schedule";
import { checkWorkflowName } from "../store/workflows";

test("every refusal of a workflow or its schedule is shown in Chinese, none left in English", () => {
  const messages = [
    ...["* * * *", "61 * * * *", 5].flatMap((c) => { const r = parseSchedule(c, "UTC"); return r.ok ? [] : Object.values(r.errors).flat(); }),
    ...[["* * * * *", "Mars/Olympus"], ["* * * * *", 7]].flatMap(([c, tz]) => { const r = parseSchedule(c, tz); return r.ok ? [] : Object.values(r.errors).flat(); }),
    ...[checkWorkflowName(""), checkWorkflowName("x".repeat(201))].flatMap((r) => (r.ok ? [] : [r.message])),
    "workflow 3 has a run that has not ended: runs never overlap; wait for it to end or stop it",
    "workflow 3 cannot run as saved: topicId: there is no topic 9; create it first or pick another; edit it",
    "job 12 does not exist: pick a job from the jobs list",
  ];
  assert.equal(messages.length, 10);
  for (const m of messages) {
    const zh = localizeError(m, "zh-CN");
    assert.notEqual(zh, m, `left in English: ${m}`);
    assert.match(zh, /[\u4e00-\u9fff]/, m);
  }
});
