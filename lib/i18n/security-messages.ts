/**
 * What the dashboard answers when it refuses a request before any route runs (a foreign Host, a
 * write from another site, a body that is not JSON or too large), in Simplified Chinese and
 * English. Kept apart from messages.ts: these are read by the request guard, not by pages.
 */
import type { Locale } from "./messages";

const zh = {
  unknownHost: "此控制台不接受主机名“{host}”的请求。若要用这个地址访问，请把 PUBLIC_URL 设为它（例如 PUBLIC_URL=http://{host}）后重启。",
  crossSite: "拒绝来自其他网站（{origin}）的写入请求：请在本控制台的页面上操作；命令行和脚本请不要发送 Origin 头。",
  notJson: "请求体须为 JSON：请设置 Content-Type: application/json（收到的是“{type}”）。",
  tooLarge: "请求体过大：最多 {limit} 字节（收到 {size} 字节）。可用 MAX_JSON_BODY_BYTES 调整上限。",
  notFound: "没有这个 API：{path}。可用的接口见 README 的“HTTP API”一节。",
  databaseDown: "无法连接数据库，请稍后重试。请检查 PostgreSQL 是否在运行（npm start 会自动重启内置数据库；自备数据库请检查 DATABASE_URL），/api/health 会显示它何时恢复。",
  signInThrottled: "这个用户名或地址登录失败次数过多：请在 {seconds} 秒后（{time}）再试；每多失败一次，等待时间加倍，最长 5 分钟。请检查脚本使用的密码，或改用 Authorization: Bearer 令牌。",
  badUserName: "Basic 认证中的用户名无效：用户名为 1–64 个字母、数字或 . _ @ - 字符。请检查脚本发送的用户名，或改用 Authorization: Bearer 令牌（focuscrawl token add --user 名称）。",
};

const en: typeof zh = {
  unknownHost: "This dashboard does not answer requests for host \"{host}\". To open it at this address, set PUBLIC_URL to it (e.g. PUBLIC_URL=http://{host}) and restart.",
  crossSite: "Refused a write coming from another site ({origin}): use the dashboard's own pages; command-line clients and scripts should send no Origin header.",
  notJson: "The request body must be JSON: send Content-Type: application/json (got \"{type}\").",
  tooLarge: "The request body is too large: at most {limit} bytes (got {size}). MAX_JSON_BODY_BYTES raises the limit.",
  notFound: "There is no API at {path}. The README's \"HTTP API\" section lists the routes.",
  databaseDown: "The database cannot be reached; try again shortly. Check that PostgreSQL is running (npm start restarts the embedded one by itself; for your own server check DATABASE_URL); /api/health says when it is back.",
  signInThrottled: "Too many failed sign-ins for this user name or address: try again in {seconds} s (after {time}); each further failure doubles the wait, up to 5 minutes. Check the password your script sends, or use Authorization: Bearer with a token.",
  badUserName: "The user name in Basic authentication is not valid: a user name has 1–64 letters, digits or . _ @ - characters. Check the name your script sends, or use Authorization: Bearer with a token (focuscrawl token add --user NAME).",
};

/** A key of the security messages. */
export type SecurityMessageKey = keyof typeof zh;

const TABLES: Record<Locale, typeof zh> = { "zh-CN": zh, en };

/** The message `key` in `locale`, with each {name} replaced from `vars`. */
export function securityMessage(locale: Locale, key: SecurityMessageKey, vars: Record<string, string | number> = {}): string {
  return TABLES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * The language to answer a request in: the dashboard's `lang` cookie when set, else Chinese when
 * the client prefers it (Accept-Language), else English (curl and scripts send neither).
 */
export function requestLocale(cookieLang: string | undefined, acceptLanguage: string | null): Locale {
  if (cookieLang === "en" || cookieLang === "zh-CN") return cookieLang;
  return /^\s*zh\b/i.test(acceptLanguage ?? "") ? "zh-CN" : "en";
}
