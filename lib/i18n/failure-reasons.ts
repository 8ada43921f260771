/**
 * The stored reasons a URL failed for, or a fetch was logged with, in the interface's language:
 * the crawler's own reasons in words, the common network failures in a word or two, an HTTP
 * status as "HTTP 404" with its name. Other reasons are shown as stored.
 */
import type { Locale } from "./messages";

const zh: Record<string, string> = {
  "worker-crash": "处理它时已两次让爬虫进程崩溃，已搁置，不再抓取",
  "worker-fault": "处理它时出现了未处理的错误，已判为失败（爬虫进程继续运行）",
  "database-away": "数据库暂时不可用，本次结果未能保存，网址稍后重抓",
  "lease-lost": "处理超时，网址已交给其他进程，本次结果作废",
  timeout: "超时",
  dns: "域名无法解析",
  "connect-error": "无法连接",
  tls: "TLS 握手失败",
  robots: "robots.txt 禁止抓取",
};
const en: typeof zh = {
  "worker-crash": "took a worker down twice while being handled; set aside, not fetched again",
  "worker-fault": "an error escaped its handling; failed (the worker went on)",
  "database-away": "the database was away, so this result could not be stored; the URL is fetched again",
  "lease-lost": "its handling outlasted the lease and another worker took the URL; this result was discarded",
  timeout: "timed out",
  dns: "host name not found",
  "connect-error": "could not connect",
  tls: "TLS handshake failed",
  robots: "forbidden by robots.txt",
};

/** The names of the HTTP statuses a crawl meets most; others are shown by their number alone. */
const STATUS_ZH: Record<number, string> = {
  400: "请求错误", 401: "需要登录", 403: "禁止访问", 404: "未找到", 405: "方法不允许", 408: "请求超时", 410: "已删除",
  429: "请求过多", 500: "服务器错误", 502: "网关错误", 503: "服务不可用", 504: "网关超时",
};
const STATUS_EN: typeof STATUS_ZH = {
  400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout", 410: "Gone",
  429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
};

/** `reason` in words (with the error's own message after a kind such as `worker-fault: `), or as stored. */
export function describeFailureReason(reason: string, locale: Locale): string {
  const status = /^http-(\d{3})$/.exec(reason);
  if (status) {
    const name = (locale === "en" ? STATUS_EN : STATUS_ZH)[Number(status[1])];
    return name ? (locale === "en" ? `HTTP ${status[1]} (${name})` : `HTTP ${status[1]}（${name}）`) : `HTTP ${status[1]}`;
  }
  const [kind, ...rest] = reason.split(": ");
  const words = (locale === "en" ? en : zh)[kind];
  if (!words || rest.length === 0) return words ?? reason;
  const detail = rest.join(": ");
  return locale === "en" ? `${words} (${detail})` : `${words}（${detail}）`;
}
