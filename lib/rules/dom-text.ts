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

/** The text below `root` (text and CDATA nodes, as cheerio's `.text()`), leaving out skipped elements. */
export function collectText(root: AnyNode, skip?: (el: Element) => boolean): string {
  const parts: string[] = [];
  walk(root, { skip, enter: (n) => { if (isText(n)) parts.push(n.data); } });
  return parts.join("");
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
