/**
 * A cap on how deep a page's elements nest, applied to the HTML before it is parsed. htmlparser2
 * keeps its stack of open elements with `unshift`, so a page of N nested elements costs N² to
 * parse: 40,000 nested <div>s took 2.3 s, a megabyte of them over a minute. Browsers cap the
 * depth too (Chromium's HTML parser at 512) and flatten what lies deeper; so does this: opening
 * tags past `maxDepth` are dropped with their matching closing tags, and their text stays.
 */

/** Elements that never hold others (they are never pushed on the parser's stack). */
const VOID = new Set(["area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "image", "img", "input",
  "isindex", "keygen", "link", "meta", "param", "source", "track", "wbr"]);
/** Elements the parser closes by itself when a sibling opens (they do not deepen a page). */
const SELF_CLOSING_SIBLINGS = new Set(["p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rb", "rt", "rp", "rtc",
  "tbody", "thead", "tfoot", "colgroup", "caption", "html", "head", "body"]);

/** Nesting deeper than any real page's (browsers flatten past 512). */
export const MAX_NESTING_DEPTH = 1024;

/** An opening or closing tag at the scan position (sticky). */
const TAG = /<(\/?)([a-zA-Z][\w:-]*)[^>]*>/y;
/** Where the text of a raw-text element ends. */
const RAW_TEXT_END: Record<string, RegExp> = {
  script: /<\/script\s*>/gi, style: /<\/style\s*>/gi, textarea: /<\/textarea\s*>/gi, title: /<\/title\s*>/gi,
};

/**
 * `html` with opening tags past `maxDepth` (and their closing tags) removed, and how many were.
 * One pass, never looking back: comments and raw-text elements (script, style…) are skipped
 * whole, and an unclosed one ends the scan, as it ends the page for the parser.
 */
export function flattenDeepNesting(html: string, maxDepth = MAX_NESTING_DEPTH): { html: string; flattened: number } {
  const open = new Map<string, number>();
  const dropped = new Map<string, number>();
  const keep: string[] = [];
  let depth = 0, flattened = 0, from = 0, i = 0;
  const lastGt = html.lastIndexOf(">");
  const cut = (at: number, length: number) => {
    keep.push(html.slice(from, at));
    from = at + length;
  };
  for (;;) {
    const lt = html.indexOf("<", i);
    if (lt < 0 || lt > lastGt) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      if (end < 0) break;
      i = end + 3;
      continue;
    }
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) {
      i = lt + 1;
      continue;
    }
    i = lt + m[0].length;
    const name = m[2].toLowerCase();
    const isClosing = m[1] === "/";
    if (!isClosing && RAW_TEXT_END[name]) {
      const end = RAW_TEXT_END[name];
      end.lastIndex = i;
      if (!end.exec(html)) break;
      i = end.lastIndex;
      continue;
    }
    if (VOID.has(name) || SELF_CLOSING_SIBLINGS.has(name)) continue;
    if (isClosing) {
      if ((dropped.get(name) ?? 0) > 0) {
        dropped.set(name, dropped.get(name)! - 1);
        cut(lt, m[0].length);
      } else if ((open.get(name) ?? 0) > 0) {
        open.set(name, open.get(name)! - 1);
        depth--;
      }
    } else if (depth >= maxDepth) {
      dropped.set(name, (dropped.get(name) ?? 0) + 1);
      flattened++;
      cut(lt, m[0].length);
    } else {
      open.set(name, (open.get(name) ?? 0) + 1);
      depth++;
    }
  }
  if (flattened === 0) return { html, flattened: 0 };
  keep.push(html.slice(from));
  return { html: keep.join(""), flattened };
}
