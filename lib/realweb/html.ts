/** The realistic web's HTML helpers: escaping, a page around a body, a list of links. */
import type { RealHost } from "./page-types";

/** Escape text for HTML content and attributes. */
export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A whole page, its charset declared as `label` says (in a meta tag, or nowhere). */
export function doc(title: string, body: string, charset: string, label: RealHost["charsetLabel"]): string {
  const meta = label === "none" ? "" : label === "meta" ? `<meta http-equiv="Content-Type" content="text/html; charset=${charset}">` : `<meta charset="${charset}">`;
  return `<!doctype html>\n<html lang="zh-CN"><head>${meta}<title>${esc(title)}</title></head>\n<body>${body}</body></html>`;
}

/** A list of links. */
export const links = (items: { href: string; text: string }[]) => `<ul>${items.map((i) => `<li><a href="${esc(i.href)}">${esc(i.text)}</a></li>`).join("")}</ul>`;
