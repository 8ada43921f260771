/** Text of the job page's request log, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  title: "请求日志",
  hint: "本任务的每次抓取，最新的在前；任务运行时自动更新。保留条数在任务的高级设置中（请求日志保留条数）。",
  host: "站点",
  hostAll: "全部站点",
  status: "状态",
  statusAll: "全部状态",
  statusNone: "无响应",
  outcome: "结果",
  outcomeAll: "全部结果",
  outcomes: { stored: "已保存", retry: "稍后重试", failed: "失败", skipped: "跳过", robots: "robots.txt" } as Record<string, string>,
  colTime: "时间", colStatus: "状态", colOutcome: "结果", colReason: "原因", colBytes: "字节", colMs: "毫秒", colUrl: "网址",
  empty: "没有符合筛选条件的请求。",
  live: "实时更新中",
  failed: "读取请求日志失败：{error}",
};
const en: typeof zh = {
  title: "Request log",
  hint: "Every fetch of this job, newest first; it updates by itself while the job runs. How many are kept is a setting of the job (requests kept in the log).",
  host: "Site",
  hostAll: "all sites",
  status: "Status",
  statusAll: "all statuses",
  statusNone: "no answer",
  outcome: "Outcome",
  outcomeAll: "all outcomes",
  outcomes: { stored: "stored", retry: "retry later", failed: "failed", skipped: "skipped", robots: "robots.txt" },
  colTime: "Time", colStatus: "Status", colOutcome: "Outcome", colReason: "Reason", colBytes: "Bytes", colMs: "ms", colUrl: "URL",
  empty: "No request matches these filters.",
  live: "updating live",
  failed: "Could not read the request log: {error}",
};

/** The request log's text in `locale`. */
export function requestLogMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
