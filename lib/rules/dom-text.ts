/**
 * Text of a parsed HTML document in time linear in its size, whatever its shape: every walk
 * here is iterative (a page of 100,000 nested <div>s would overflow a recursive one) and visits
 * each node once. Asking cheerio for each block's text instead re-reads every nested block once
 * per ancestor: 5,000 nested <div>s took 25 s to parse.
 */
import { hasChildren, isTag, isText, type AnyNode, type Element } from "domhandler";

/**
 * The length a text keeps after `squash` (whitespace runs → one space, trimmed), in a form that
 * adds up over concatenation: `core` characters between the first and last non-space, and
 * whether the text starts or ends with whitespace. `blank` texts hold only whitespace (`hasSpace`)
 * or nothing.
 */
export interface Span { core: number; lead: boolean; trail: boolean; blank: boolean; hasSpace: boolean }

const EMPTY: Span = { core: 0, lead: false, trail: false, blank: true, hasSpace: false };

/** The span of one string. */
export function spanOf(s: string): Span {
  const sq = s.replace(/\s+/g, " ");
  if (sq === "" || sq === " ") return { core: 0, lead: false, trail: false, blank: true, hasSpace: sq === " " };
  const lead = sq.startsWith(" ");
  const trail = sq.endsWith(" ");
  return { core: sq.length - (lead ? 1 : 0) - (trail ? 1 : 0), lead, trail, blank: false, hasSpace: lead || trail || sq.length > 1 };
}

/** The span of `a` followed by `b`. */
export function joinSpans(a: Span, b: Span): Span {
  if (a.blank && b.blank) return { ...EMPTY, hasSpace: a.hasSpace || b.hasSpace };
  if (a.blank) return { ...b, lead: b.lead || a.hasSpace, hasSpace: true };
  if (b.blank) return { ...a, trail: a.trail || b.hasSpace, hasSpace: a.hasSpace || b.hasSpace };
  return { core: a.core + b.core + (a.trail || b.lead ? 1 : 0), lead: a.lead, trail: b.trail, blank: false, hasSpace: true };
}

/** Lowercase tag name of an element node, or null for text, comments and the document. */
const tagOf = (n: AnyNode) => (isTag(n) ? n.name.toLowerCase() : null);

/**
 * Visit the nodes below `root` in document order, parents before children (`enter`) and after
 * them (`leave`); an element for which `skip` is true is left out with its subtree.
 */
export function walk(root: AnyNode, visit: { enter?: (n: AnyNode) => void; leave?: (n: AnyNode) => void; skip?: (el: Element) => boolean }): void {
  const stack: { node: AnyNode; next: number }[] = [{ node: root, next: 0 }];
  visit.enter?.(root);
  while (stack.length) {
    const top = stack[stack.length - 1];
    const children = hasChildren(top.node) ? top.node.children : [];
    if (top.next >= children.length) {
      stack.pop();
      visit.leave?.(top.node);
      continue;
    }
    const child = children[top.next++];
    if (isTag(child) && visit.skip?.(child)) continue;
    visit.enter?.(child);
    stack.push({ node: child, next: 0 });
  }
}

/**
 * Marks where a line ends in text read by collectBlockText: U+2029 PARAGRAPH SEPARATOR, which is
 * whitespace to `\s` (so it collapses with the spaces around it) and, in a page's own text,
 * means what it is used for here.
 */
export const LINE_BREAK = "\u2029";

/**
 * What each element that is not inline adds before and after its text: a line break for the
 * block-level elements of HTML (and br), a space for table cells, whose row keeps one line.
 * Inline elements (a, span, em, b…) add nothing: they often split one word (计算<em>机</em>).
 */
const BOUNDARIES = new Map<string, string>([
  ...["address", "article", "aside", "blockquote", "br", "caption", "center", "dd", "details", "dialog", "dir", "div", "dl", "dt",
    "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "legend",
    "li", "listing", "main", "menu", "nav", "ol", "optgroup", "option", "p", "pre", "section", "summary", "table", "tbody", "tfoot",
    "thead", "tr", "ul", "xmp"].map((tag) => [tag, LINE_BREAK] as const),
  ["td", " "], ["th", " "],
]);

/**
 * The text below `root` (text and CDATA nodes), leaving out skipped elements, with what
 * `boundaries` gives an element's name written before and after its text. It walks with a stack of
 * nodes and of the boundaries still to close, without walk()'s callbacks: twice as fast, and
 * it runs several times per page on the crawler's hot path (bench:parse).
 */
function readText(root: AnyNode, skip: ((el: Element) => boolean) | undefined, boundaries: ReadonlyMap<string, string> | null): string {
  const parts: string[] = [];
  const stack: (AnyNode | string)[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (typeof node === "string") parts.push(node);
    else if (isText(node)) parts.push(node.data);
    else if (hasChildren(node)) {
      if (isTag(node)) {
        if (node !== root && skip?.(node)) continue;
        const boundary = boundaries?.get(node.name);
        if (boundary) {
          parts.push(boundary);
          stack.push(boundary);
        }
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
    }
  }
  return parts.join("");
}

/** Whether a UTF-16 code unit is whitespace to the regular expression `\s`. */
function isSpaceCode(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * `squash(roots.map(collectText).join("")).length` (whitespace runs → one space, trimmed), counted
 * as the text nodes are met, without building the text: a page's visible length, on the hot path.
 */
export function squashedLength(roots: readonly AnyNode[]): number {
  let count = 0, isStarted = false, isSpacePending = false;
  const stack: AnyNode[] = [...roots].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (isText(node)) {
      const s = node.data;
      for (let i = 0; i < s.length; i++) {
        if (isSpaceCode(s.charCodeAt(i))) {
          if (isStarted) isSpacePending = true;
        } else {
          if (isSpacePending) count++;
          isSpacePending = false;
          isStarted = true;
          count++;
        }
      }
    } else if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return count;
}

/** The text below `root` (text and CDATA nodes, as cheerio's `.text()`), leaving out skipped elements. */
export function collectText(root: AnyNode, skip?: (el: Element) => boolean): string {
  return readText(root, skip, null);
}

/**
 * The text below `root` as collectText reads it, with a LINE_BREAK before and after every block
 * and a space around every table cell, so that list items, rows and paragraphs do not run into
 * each other (…组划分算法并行学习…). squashBlockText makes it readable.
 */
export function collectBlockText(root: AnyNode, skip?: (el: Element) => boolean): string {
  return readText(root, skip, BOUNDARIES);
}

const ONLY_BREAKS = /^\u2029+$/;

/**
 * Text read by collectBlockText, squashed line by line: each whitespace run that holds a line
 * break becomes one "\n", every other run one space, and the ends are trimmed. `inlineLength` is
 * the length `squash` gives the same text without its line breaks (the text as read before line
 * breaks were kept), so that decisions made on a text's length do not move.
 */
export function squashBlockText(raw: string): { text: string; inlineLength: number } {
  // A run made of breaks alone, between two words, joined them before breaks were kept.
  let joined = 0;
  const text = raw.replace(/\s+/g, (run: string, at: number) => {
    if (run.length === 1 ? run !== LINE_BREAK : !run.includes(LINE_BREAK)) return " ";
    if (at > 0 && at + run.length < raw.length && ONLY_BREAKS.test(run)) joined++;
    return "\n";
  }).trim();
  return { text, inlineLength: text.length - joined };
}

/**
 * The beginning of the text below `root`: it stops reading once the text squashes to more than
 * `maxChars` characters, so `squash(result).slice(0, maxChars)` equals the same cut of the whole
 * text. Links nested in one another would otherwise each read the rest of the page.
 */
export function collectTextUpTo(root: AnyNode, maxChars: number): string {
  const parts: string[] = [];
  let span: Span = EMPTY;
  const stack: AnyNode[] = hasChildren(root) ? [...root.children].reverse() : [];
  while (stack.length && span.core <= maxChars) {
    const node = stack.pop()!;
    if (isText(node)) {
      parts.push(node.data);
      span = joinSpans(span, spanOf(node.data));
    } else if (hasChildren(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return parts.join("");
}

/** Per element below a root: its text's span and the summed squashed length of the links inside it. */
export interface BlockMeasures { spans: Map<Element, Span>; anchorChars: Map<Element, number> }

/**
 * Measure every element below `root` in one pass (post-order sums), leaving out skipped
 * elements, as if they had been removed: what `removeLinkDenseBlocks` used to ask cheerio for
 * element by element.
 */
export function measureBlocks(root: AnyNode, skip: (el: Element) => boolean): BlockMeasures {
  const spans = new Map<Element, Span>();
  const anchorChars = new Map<Element, number>();
  const acc: { span: Span; anchors: number }[] = [];
  walk(root, {
    skip,
    enter: () => acc.push({ span: EMPTY, anchors: 0 }),
    leave: (n) => {
      const own = acc.pop()!;
      const span = isText(n) ? spanOf(n.data) : own.span;
      const parent = acc[acc.length - 1];
      if (isTag(n)) {
        spans.set(n, span);
        anchorChars.set(n, own.anchors);
      }
      if (!parent) return;
      parent.span = joinSpans(parent.span, span);
      // `$(el).find("a")` counts every link below an element, nested ones included.
      parent.anchors += own.anchors + (tagOf(n) === "a" ? span.core : 0);
    },
  });
  return { spans, anchorChars };
}
