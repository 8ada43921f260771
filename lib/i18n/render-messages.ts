/** The job page's account of pages rendered in the browser, in both interface languages. */
import type { Locale } from "./messages";

const zh = {
  summary: "浏览器渲染：{pages} 个页面，共 {seconds} 秒（平均每页 {avg} 毫秒），页面共发出 {requests} 个请求，{timedOut} 个页面到时限结束。",
  blocked: "被拦截的请求（内网或本机地址）：{n} 个",
  onPage: "（页面 {page}）",
};
const en: typeof zh = {
  summary: "Rendered in the browser: {pages} pages, {seconds} s in all ({avg} ms a page), {requests} requests made by the pages, {timedOut} pages ended at their time budget.",
  blocked: "Requests blocked (private or local addresses): {n}",
  onPage: "(on {page})",
};

/** The text for `locale`. */
export function renderMessages(locale: Locale): typeof zh {
  return locale === "en" ? en : zh;
}
