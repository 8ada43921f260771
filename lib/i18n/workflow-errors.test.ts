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

test("a bad cron line is described in Chinese down to the field, with no English of the cron library left in it", () => {
  const cases: [string, RegExp][] = [
    ["61 * * * *", /^定时“61 \* \* \* \*”的分钟段“61”无效：可写 0–59/], ["* 25 * * *", /的小时段“25”无效：可写 0–23/],
    ["* * 32 * *", /的日段“32”无效/], ["* * * 13 *", /的月段“13”无效/], ["* * * * 8", /的星期段“8”无效：可写 0–7（0 和 7 都是星期日）/],
    ["a b c d e", /的分钟段“a”无效/], ["*/0 * * * *", /的分钟段“\*\/0”无效/], ["1-70 * * * *", /的分钟段“1-70”无效/],
    ["0 0 31 2 *", /没有任何日期能满足（例如 2 月 31 日）/],
  ];
  for (const [cron, zh] of cases) {
    const r = parseSchedule(cron, "UTC");
    assert.ok(!r.ok, cron);
    const message = localizeError(r.errors.schedule[0], "zh-CN");
    assert.match(message, zh);
    assert.doesNotMatch(message.replace(/JAN|DEC|SUN|SAT|cron/g, ""), /[A-Za-z]{3,}/, `English left in: ${message}`);
  }
});
