/**
 * The stored reasons a URL failed for, or a fetch was logged with, that are about the crawler
 * rather than the site, in the interface's language. Other reasons (`http-404`, `timeout` ...)
 * are shown as stored.
 */
import type { Locale } from "./messages";

const zh: Record<string, string> = {
  "worker-crash": "处理它时已两次让爬虫进程崩溃，已搁置，不再抓取",
  "worker-fault": "处理它时出现了未处理的错误，已判为失败（爬虫进程继续运行）",
  "database-away": "数据库暂时不可用，本次结果未能保存，网址稍后重抓",
  "lease-lost": "处理超时，网址已交给其他进程，本次结果作废",
};
const en: typeof zh = {
  "worker-crash": "took a worker down twice while being handled; set aside, not fetched again",
  "worker-fault": "an error escaped its handling; failed (the worker went on)",
  "database-away": "the database was away, so this result could not be stored; the URL is fetched again",
  "lease-lost": "its handling outlasted the lease and another worker took the URL; this result was discarded",
};

/** `reason` in words (with the error's own message after a kind such as `worker-fault: `), or as stored. */
export function describeFailureReason(reason: string, locale: Locale): string {
  const [kind, ...rest] = reason.split(": ");
  const words = (locale === "en" ? en : zh)[kind];
  if (!words || rest.length === 0) return words ?? reason;
  const detail = rest.join(": ");
  return locale === "en" ? `${words} (${detail})` : `${words}（${detail}）`;
}
