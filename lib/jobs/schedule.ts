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

/** The five fields of a cron line in order, each with the values it takes. */
const CRON_FIELDS = [
  { name: "minute", values: "0-59" }, { name: "hour", values: "0-23" }, { name: "day-of-month", values: "1-31" },
  { name: "month", values: "1-12 or JAN-DEC" }, { name: "day-of-week", values: "0-7 (0 and 7 are Sunday) or SUN-SAT" },
] as const;

/**
 * Why a 5-field cron line cannot be read, in our words rather than cron-parser's (which are
 * English only, e.g. "Constraint error, got value 61 expected range 0-59"): the first field that
 * fails alone, with the values it takes, or, when every field is good alone, that no date has them all.
 */
function describeCronProblem(cron: string): string | null {
  const parses = (line: string) => {
    try {
      CronExpressionParser.parse(line, { tz: "UTC", strict: false }).next();
      return true;
    } catch {
      return false;
    }
  };
  if (parses(cron)) return null;
  const fields = cron.split(" ");
  const bad = CRON_FIELDS.findIndex((_, i) => !parses(fields.map((f, j) => (j === i ? f : "*")).join(" ")));
  if (bad < 0) return `schedule "${cron}" matches no date (e.g. the 31st of February): change the day of the month or the month`;
  const f = CRON_FIELDS[bad];
  return `schedule "${cron}": the ${f.name} field "${fields[bad]}" is not valid: use ${f.values}, * (every), lists (1,15), ranges (1-5) or steps (*/15); e.g. ${EXAMPLE}`;
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
    const problem = describeCronProblem(cron);
    if (problem) errors.schedule = [problem];
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
