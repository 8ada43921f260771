import assert from "node:assert/strict";
import { test } from "node:test";
import { describeCron, nextRunAfter, parseSchedule, upcomingRuns } from "./schedule";

test("a schedule is 5 cron fields in a known time zone; anything else names its field and how to write it", () => {
  assert.deepEqual(parseSchedule(" */5  * * * * ", "UTC"), { ok: true, value: { cron: "*/5 * * * *", timeZone: "UTC" } });
  const cases: [unknown, unknown, string, RegExp][] = [
    ["* * * *", "UTC", "schedule", /has 4 fields: write 5/],
    ["0 0 * * * *", "UTC", "schedule", /has 6 fields/],
    ["61 * * * *", "UTC", "schedule", /the minute field "61" is not valid: use 0-59.*e\.g\. 0 3 \* \* 1/],
    ["0 25 * * *", "UTC", "schedule", /the hour field "25" is not valid: use 0-23/],
    ["0 0 * * 8", "UTC", "schedule", /the day-of-week field "8" is not valid/],
    ["0 0 31 2 *", "UTC", "schedule", /matches no date/],
    ["", "UTC", "schedule", /has 0 fields/],
    [5, "UTC", "schedule", /must be text/],
    ["* * * * *", "Mars/Olympus", "timeZone", /not a time zone: use an IANA name/],
    ["* * * * *", 5, "timeZone", /must be text/],
  ];
  for (const [cron, tz, field, message] of cases) {
    const r = parseSchedule(cron, tz);
    assert.ok(!r.ok, String(cron));
    assert.match(r.errors[field]?.[0] ?? "", message);
  }
});

test("the next run is computed in the schedule's time zone", () => {
  const after = new Date("2026-11-26T07:00:00Z");
  // 03:00 in Shanghai (UTC+8) is 19:00 UTC the day before.
  assert.equal(nextRunAfter({ cron: "0 3 * * *", timeZone: "Asia/Shanghai" }, after).toISOString(), "2026-11-26T19:00:00.000Z");
  assert.equal(nextRunAfter({ cron: "0 3 * * *", timeZone: "UTC" }, after).toISOString(), "2026-11-27T03:00:00.000Z");
  assert.deepEqual(upcomingRuns({ cron: "* * * * *", timeZone: "UTC" }, after, 2).map((d) => d.toISOString()), ["2026-11-26T07:01:00.000Z", "2026-11-26T07:02:00.000Z"]);
});

test("a schedule is described in both interface languages", () => {
  assert.equal(describeCron("* * * * *", "en"), "Every minute");
  assert.match(describeCron("*/15 9-17 * * 1-5", "zh-CN"), /每隔 15 分钟.*星期一至星期五/);
});
