/**
 * A workflow's schedule: a 5-field cron expression in a time zone, checked, described in words
 * and stepped to its next time. Parsing is cron-parser's and the words are cronstrue's (both MIT,
 * maintained; cronstrue has a zh_CN locale), not a cron dialect of our own.
 */
import { CronExpressionParser } from "cron-parser";
import cronstrue from "cronstrue/i18n";

/** Longest schedule text kept (a cron line is a few dozen characters). */
export const MAX_SCHEDULE_CHARS = 200;
const EXAMPLE = "0 3 * * 1";

/** A checked schedule: its cron text and time zone. */
export interface Schedule { cron: string; timeZone: string }

/** The deployment's own time zone, the default of a new schedule. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** True when `tz` is an IANA time zone this runtime knows (e.g. Asia/Shanghai, UTC). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz.length > 0;
  } catch {
    return false;
  }
}

/** Check a cron text and time zone; errors are per field, in English (lib/i18n/errors.ts has them in Chinese). */
export function parseSchedule(rawCron: unknown, rawTz: unknown): { ok: true; value: Schedule } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const cron = typeof rawCron === "string" ? rawCron.trim().replace(/\s+/g, " ") : "";
  const timeZone = typeof rawTz === "string" && rawTz.trim() ? rawTz.trim() : serverTimeZone();
  if (typeof rawCron !== "string") errors.schedule = ["schedule must be text: a cron line such as 0 3 * * 1"];
  else if (cron.length > MAX_SCHEDULE_CHARS) errors.schedule = [`schedule must be at most ${MAX_SCHEDULE_CHARS} characters`];
  else if (cron.split(" ").length !== 5) {
    errors.schedule = [`schedule "${cron}" has ${cron ? cron.split(" ").length : 0} fields: write 5 (minute hour day-of-month month day-of-week), e.g. ${EXAMPLE}`];
  } else {
    try {
      CronExpressionParser.parse(cron, { tz: "UTC", strict: false }).next();
    } catch (err) {
      errors.schedule = [`schedule "${cron}" is not a cron line (${(err as Error).message}): write 5 fields (minute hour day-of-month month day-of-week), e.g. ${EXAMPLE}`];
    }
  }
  if (rawTz !== undefined && rawTz !== null && typeof rawTz !== "string") errors.timeZone = ["timeZone must be text: an IANA name such as Asia/Shanghai or UTC"];
  else if (!isTimeZone(timeZone)) errors.timeZone = [`timeZone "${timeZone}" is not a time zone: use an IANA name such as Asia/Shanghai or UTC`];
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { cron, timeZone } };
}

/** The first time of `s` strictly after `after`. */
export function nextRunAfter(s: Schedule, after: Date): Date {
  return CronExpressionParser.parse(s.cron, { tz: s.timeZone, currentDate: after }).next().toDate();
}

/** The next `count` times of `s` after `after`. */
export function upcomingRuns(s: Schedule, after: Date, count: number): Date[] {
  const e = CronExpressionParser.parse(s.cron, { tz: s.timeZone, currentDate: after });
  return Array.from({ length: count }, () => e.next().toDate());
}

/** `cron` in words in the interface's language ("每隔 15 分钟…" / "Every 15 minutes…"), 24-hour clock. */
export function describeCron(cron: string, locale: "zh-CN" | "en"): string {
  return cronstrue.toString(cron, { locale: locale === "en" ? "en" : "zh_CN", use24HourTimeFormat: true, throwExceptionOnParseError: false });
}
