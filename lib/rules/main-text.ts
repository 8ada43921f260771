/**
 * A page's main text: the article when the page has one, else (list, hub and home pages) the
 * page's text without boilerplate, keeping its links' text for scoring (docs/ALGORITHMS.md §4).
 * Everything here is linear in the page's size: one measuring walk (measureElements), a scoring
 * pass over the paragraphs that looks at most five ancestors up, and one read of the kept text.
 *
 * The article is found the way Readability.js finds it (Mozilla, Apache-2.0; the idea, not its
 * code): paragraphs vote for their parent and, less, for their ancestors, by length and commas;
 * link-heavy candidates lose their votes; the best candidate and its siblings that scored well are
 * kept, then blocks inside them that look like lists of links, share bars or comments are dropped.
 * Readability.js itself over linkedom was measured (bench:extract) and not kept: F1 0.947 and
 * precision 0.914 on the article-extraction benchmark, at 28 ms of CPU a page (5.7× this parser).
 */
import { hasChildren, isTag, isText, type AnyNode, type Element } from "domhandler";
import { collectBlockText, LINE_BREAK, squashBlockText, walk } from "./dom-text";

/** Elements whose text is never main text (menus, scripts, forms…), removed before it is read. */
const BOILERPLATE_TAGS = new Set(["script", "style", "noscript", "template", "nav", "footer", "header", "aside", "iframe",
  "frameset", "svg", "button", "select", "textarea", "dialog", "object", "embed", "canvas", "link", "meta"]);
/** ARIA roles of page furniture. */
const BOILERPLATE_ROLES = new Set(["navigation", "menu", "menubar", "complementary", "contentinfo", "banner", "search", "dialog", "alert", "alertdialog", "toolbar"]);
/**
 * class/id words of blocks that are never the article: comments, menus, related lists, share bars,
 * pagers, footers, ads. Matched at the start of a word of the names (camelCase split), so that
 * `pageRow` is not a pager nor `downloads` an ad; the short ones also at its end.
 */
const UNLIKELY = new RegExp(`(?:^|[^a-z0-9])(?:${[
  "comment", "related", "share", "sharing", "social", "footer", "menu", "sidebar", "side-bar", "breadcrumb", "crumb",
  "pagination", "paging", "pagenav", "page-nav", "prev-next", "post-nav", "nav-links", "advert", "sponsor", "promo",
  "subscribe", "newsletter", "popup", "modal", "cookie", "gdpr", "banner", "masthead", "skyscraper", "recommend", "read-more",
  "readmore", "more-from", "more-stories", "trending", "popular", "toolbar", "disqus", "outbrain", "taboola", "copyright", "signup",
  "sign-up", "login", "byline", "author-info", "author-bio", "tagcloud", "tag-list", "print-only", "sr-only", "visually-hidden",
  "screen-reader", "skip-link", "reply", "replies", "respond", "gutter", "line-numbers", "linenos", "lineno", "license",
  "pager(?![a-z])", "tags?(?![a-z])", "rss(?![a-z])", "ads?(?![a-z])", "nav(?:bar|igation)?(?![a-z])", "hidden(?![a-z])",
].join("|")})`);
/** class/id words that keep a block whose name also says UNLIKELY (article-comments-count…). */
const MAYBE_CONTENT = /article|body|content|main|entry|story|markdown/;
/** class/id words of the article itself (scoring bonus) and of furniture (penalty), as Readability weighs them. */
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|markdown|正文|内容/i;
const NEGATIVE = /-ad-|hidden|banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget|caption|credit|newsletter/i;
/** Classes of a syntax highlighter's tokens (hljs-tag, token tag): code, whatever word they hold. */
const SYNTAX_HIGHLIGHT = /(?:^|\s)(?:hljs|token|cm-|pl-)/;
/** Elements that hold the page: never dropped for their class (a `<body class="page-comments">`). */
const NEVER_DROPPED = new Set(["html", "body", "main", "article"]);
/** Elements other than inline ones, as dom-text.ts breaks lines at them. */
const BLOCK = new Set(["address", "article", "aside", "blockquote", "center", "dd", "details", "dir", "div", "dl", "dt", "fieldset",
  "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "menu", "nav", "ol",
  "p", "pre", "section", "table", "tbody", "thead", "tfoot", "tr", "td", "th", "ul"]);
/** Elements whose text votes for their ancestors (a div or section only when it holds no other block). */
const PARAGRAPH = new Set(["p", "pre", "td", "blockquote"]);
/** Blocks inside the article that are dropped when they look like furniture (cleanConditionally). */
const CLEANED = new Set(["div", "ul", "ol", "table", "dl", "aside", "figure", "form"]);
/** Elements holding code, whose commas do not count. */
const CODE = new Set(["pre", "code", "kbd", "samp"]);

/**
 * Han, kana and Hangul characters in `s` (textWeight): U+3040–30FF, U+3400–9FFF, U+AC00–D7AF and
 * U+F900–FAFF, code unit by code unit. Counted in a loop, not as a regular expression's matches,
 * whose array held one new string per character: a tenth of what analysing a Chinese page allocated.
 */
export function countWide(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff)) n++;
  }
  return n;
}

/** Commas in English and Chinese text (, ， 、 ; ；): a paragraph of prose has some, a menu has none. */
export function countCommas(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0xff0c || c === 0x3001 || c === 0x3b || c === 0xff1b) n++;
  }
  return n;
}

/** Text shorter than this does not vote (captions, buttons, dates). */
const MIN_PARAGRAPH_CHARS = 25;
/** An article shorter than this is not one: the page is a list, a hub or a home page. */
const MIN_ARTICLE_CHARS = 250;
/** A block whose text is more than this share anchor text is navigation, not content. */
const LINK_DENSE_SHARE = 0.6;
/** A page left with less text than this after removing link-dense blocks keeps them (it is a list page). */
const MIN_LIST_TEXT_CHARS = 200;

/** What one walk measures of each element, its subtree included (skipped elements left out). */
interface Measure { chars: number; wide: number; anchorChars: number; commas: number; paragraphs: number; images: number; items: number; inputs: number; hasBlock: boolean }

const classAndId = (el: Element) => `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`;
/** class and id lower-cased with camelCase words split (relatedPosts → related-posts), for UNLIKELY. */
const namesOf = (el: Element) => classAndId(el).replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();

/** Whether an element is hidden by its own attributes (the page's CSS files are not read). */
function isHidden(el: Element): boolean {
  const a = el.attribs;
  if (a.hidden !== undefined || a["aria-hidden"] === "true") return true;
  return a.style !== undefined && /display\s*:\s*none|visibility\s*:\s*hidden/i.test(a.style);
}

/** Whether an element and its subtree are never main text: boilerplate tags, ARIA roles of furniture, hidden. */
export function isBoilerplate(el: Element): boolean {
  if (BOILERPLATE_TAGS.has(el.name)) return true;
  return !NEVER_DROPPED.has(el.name) && (isHidden(el) || BOILERPLATE_ROLES.has(el.attribs.role ?? ""));
}

/** Whether an element is boilerplate or named as furniture (class or id: comments, related, share, pager…). */
export function isFurniture(el: Element): boolean {
  if (isBoilerplate(el)) return true;
  // A heading's id is often made of its own words ("related-work", 相关研究).
  if (NEVER_DROPPED.has(el.name) || HEADING.test(el.name)) return false;
  const names = namesOf(el);
  return names.length > 1 && UNLIKELY.test(names) && !MAYBE_CONTENT.test(names) && !SYNTAX_HIGHLIGHT.test(names);
}

/** Readability's class weight: +25 for a name that says article, −25 for one that says furniture. */
function classWeight(el: Element): number {
  const names = classAndId(el);
  if (names.length <= 1) return 0;
  return (POSITIVE.test(names) ? 25 : 0) - (NEGATIVE.test(names) ? 25 : 0);
}

/** Squashed length of a text node, counted the simple way (runs of whitespace as one). */
function textChars(s: string): number {
  let n = 0, space = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isSpace = c === 32 || c === 10 || c === 9 || c === 13 || c === 12 || c === 0xa0 || c === 0x2029;
    if (!isSpace) { n++; space = false; } else if (!space) { n++; space = true; }
  }
  return n;
}

/** Measure every element below `root` in one post-order walk, leaving out skipped subtrees. */
function measureElements(root: AnyNode, skip: (el: Element) => boolean): Map<Element, Measure> {
  const measures = new Map<Element, Measure>();
  const acc: Measure[] = [];
  const fresh = (): Measure => ({ chars: 0, wide: 0, anchorChars: 0, commas: 0, paragraphs: 0, images: 0, items: 0, inputs: 0, hasBlock: false });
  // Commas in code are syntax, not prose: a code listing would outvote the article around it.
  let codeDepth = 0;
  walk(root, {
    skip,
    enter: (n) => {
      acc.push(fresh());
      if (isTag(n) && CODE.has(n.name)) codeDepth++;
    },
    leave: (n) => {
      const own = acc.pop()!;
      if (isText(n)) {
        own.chars = textChars(n.data);
        own.wide = countWide(n.data);
        own.commas = codeDepth > 0 ? 0 : countCommas(n.data);
      } else if (isTag(n)) {
        if (CODE.has(n.name)) codeDepth--;
        measures.set(n, own);
        if (n.name === "a") own.anchorChars = own.chars;
      }
      const parent = acc[acc.length - 1];
      if (!parent) return;
      parent.chars += own.chars;
      parent.anchorChars += own.anchorChars;
      parent.wide += own.wide;
      parent.commas += own.commas;
      parent.paragraphs += own.paragraphs;
      parent.images += own.images;
      parent.items += own.items;
      parent.inputs += own.inputs;
      if (!isTag(n)) return;
      if (BLOCK.has(n.name)) parent.hasBlock = true;
      if (n.name === "p") parent.paragraphs++;
      else if (n.name === "img") parent.images++;
      else if (n.name === "li") parent.items++;
      else if (n.name === "input") parent.inputs++;
    },
  });
  return measures;
}

const linkDensity = (m: Measure) => (m.chars ? m.anchorChars / m.chars : 0);
/** Characters of text outside links. */
const prose = (m: Measure) => m.chars - m.anchorChars;
/**
 * Length for the thresholds taken from Readability (25 characters make a paragraph, 100 a vote
 * point), which count Latin letters: a Chinese or Japanese character carries about a word, so it
 * counts twice (a 22-character Chinese sentence is a paragraph, not a caption).
 */
const textWeight = (m: Measure) => m.chars + m.wide;

/** Readability's starting score of a candidate by its tag. */
function tagWeight(name: string): number {
  if (name === "div" || name === "article" || name === "main") return 5;
  if (name === "pre" || name === "td" || name === "blockquote") return 3;
  if (["address", "ol", "ul", "dl", "dd", "dt", "li", "form"].includes(name)) return -3;
  if (/^h[1-6]$|^th$/.test(name)) return -5;
  return 0;
}

const HEADING = /^h[1-6]$/;
/** Headings that title an article. */
const TITLE = new Set(["h1", "h2"]);

/** Whether `heading` comes before `top` with only blank text or empty elements between them. */
function isTitleOf(heading: Element, top: Element): boolean {
  for (let n = heading.next; n; n = n.next) {
    if (n === top) return true;
    if (isText(n) ? n.data.trim() !== "" : !isTag(n) || hasChildren(n) && n.children.length > 0) return false;
  }
  return false;
}

/** Whether an element's own text votes: a paragraph, or a div/section holding no other block. */
const isVoter = (el: Element, m: Measure) => PARAGRAPH.has(el.name) || ((el.name === "div" || el.name === "section") && !m.hasBlock);

/** Votes of the page's paragraphs for their ancestors, each candidate's score after its link density. */
function scoreCandidates(measures: Map<Element, Measure>): Map<Element, number> {
  const scores = new Map<Element, number>();
  for (const [el, m] of measures) {
    if (!isVoter(el, m) || textWeight(m) < MIN_PARAGRAPH_CHARS) continue;
    const vote = 1 + m.commas + Math.min(3, Math.floor(textWeight(m) / 100));
    let node = el.parent;
    for (let level = 0; level < 5 && node && isTag(node) && node.name !== "html"; level++, node = node.parent) {
      const base = scores.get(node) ?? tagWeight(node.name) + classWeight(node);
      scores.set(node, base + vote / (level === 0 ? 1 : level === 1 ? 2 : level * 3));
    }
  }
  for (const [el, s] of scores) scores.set(el, s * (1 - linkDensity(measures.get(el)!)));
  return scores;
}

/** An element's parent, or null at the body (candidates stay inside it). */
function parentBelowBody(el: Element): Element | null {
  const p = el.parent;
  return p && isTag(p) && p.name !== "body" && p.name !== "html" ? p : null;
}

/** Whether `ancestor` holds `el` (is one of its ancestors). */
function holds(ancestor: Element, el: Element): boolean {
  for (let node = el.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** Whether `parent` holds a single block with text (its other children being inline). */
function isOnlyBlock(parent: Element, measures: Map<Element, Measure>): boolean {
  let blocks = 0;
  for (const c of parent.children) if (isTag(c) && BLOCK.has(c.name) && (measures.get(c)?.chars ?? 0) > 0 && ++blocks > 1) return false;
  return true;
}

/**
 * The best candidate, moved up as Readability moves it: to the nearest ancestor that holds three
 * of the next best candidates when they score nearly as well (an article split in sections),
 * else to an ancestor that scores better (climbing while the ancestors keep a third of its score),
 * then to an ancestor that scores nearly as well with three times its prose, then while it is its
 * parent's only block with text (the inline text beside it goes with it).
 */
function pickTop(scores: Map<Element, number>, measures: Map<Element, Measure>): Element | null {
  const ranked = [...scores].sort((a, b) => b[1] - a[1]).slice(0, 6);
  if (ranked.length === 0) return null;
  let [top, topScore] = ranked[0];
  const close = ranked.slice(1).filter(([, s]) => s >= 0.75 * topScore).map(([el]) => el);
  let moved = false;
  for (let node = parentBelowBody(top); close.length >= 3 && node; node = parentBelowBody(node)) {
    if (close.filter((el) => holds(node!, el)).length >= 3) { top = node; moved = true; break; }
  }
  if (!moved) {
    let last = topScore;
    for (let node = parentBelowBody(top); node; node = parentBelowBody(node)) {
      const s = scores.get(node);
      if (s === undefined) continue;
      if (s < topScore / 3) break;
      if (s > last) { top = node; break; }
      last = s;
    }
  }
  // A lecture in nested sections: its exercise box may outscore the whole, which holds far more prose.
  for (let node = parentBelowBody(top); node; node = parentBelowBody(node)) {
    if ((scores.get(node) ?? 0) >= 0.75 * topScore && prose(measures.get(node)!) >= 3 * prose(measures.get(top)!)) top = node;
  }
  for (let p = parentBelowBody(top); p && isOnlyBlock(p, measures); p = parentBelowBody(p)) top = p;
  return top;
}

/** The top candidate and those of its siblings that scored well or read as prose (Readability's sibling rule). */
function gatherArticle(top: Element, scores: Map<Element, number>, measures: Map<Element, Measure>): Element[] {
  const parent = top.parent;
  if (!parent || !hasChildren(parent)) return [top];
  const topScore = scores.get(top) ?? 0;
  const threshold = Math.max(10, topScore * 0.2);
  return parent.children.filter((c): c is Element => {
    if (c === top) return true;
    if (!isTag(c)) return false;
    // The article's own title, when the page puts it beside the body rather than in it.
    if (TITLE.has(c.name) && isTitleOf(c, top)) return true;
    const m = measures.get(c);
    if (!m || m.chars === 0) return false;
    const bonus = c.attribs.class && c.attribs.class === top.attribs.class ? topScore * 0.2 : 0;
    if ((scores.get(c) ?? 0) + bonus >= threshold) return true;
    if (c.name !== "p") return false;
    const density = linkDensity(m);
    return (textWeight(m) > 80 && density < 0.25) || (m.chars > 0 && density === 0 && /[.。!?！？]\s*$/.test(collectBlockText(c)));
  });
}

/**
 * Whether a form is a search box or a sign-up form (more fields than a third of its paragraphs):
 * forms are not dropped by their tag, since some sites wrap their whole page in one.
 */
const isInputForm = (el: Element, m: Measure) => el.name === "form" && m.inputs > m.paragraphs / 3;

/** Whether a block inside the article is furniture after all (Readability's cleanConditionally). */
function isClutter(el: Element, m: Measure): boolean {
  // Mostly links, whatever else: a list of references or of tags, as on list pages (LINK_DENSE_SHARE).
  if ((CLEANED.has(el.name) || el.name === "p") && linkDensity(m) > LINK_DENSE_SHARE) return true;
  if (!CLEANED.has(el.name) || isVoter(el, m)) return false;
  const weight = classWeight(el);
  if (weight < 0) return true;
  if (m.commas >= 10) return false;
  const isList = el.name === "ul" || el.name === "ol";
  const density = linkDensity(m);
  if (m.images > 1 && m.paragraphs / m.images < 0.5) return true;
  if (!isList && el.name !== "table" && m.items - 100 > m.paragraphs) return true;
  if (m.inputs > m.paragraphs / 3) return true;
  if (!isList && textWeight(m) < MIN_PARAGRAPH_CHARS && (m.images === 0 || m.images > 2)) return true;
  return (weight < 25 && density > 0.2) || (weight >= 25 && density > 0.5);
}

/** Main text of an article page, or null when no candidate holds MIN_ARTICLE_CHARS of text. */
function articleText(doc: AnyNode, measures: Map<Element, Measure>): string | null {
  const scores = scoreCandidates(measures);
  const top = pickTop(scores, measures);
  if (!top) return null;
  const parts = gatherArticle(top, scores, measures);
  const skip = (el: Element) => !measures.has(el) || isClutter(el, measures.get(el)!);
  const { text, inlineLength } = squashBlockText(parts.map((p) => collectBlockText(p, skip)).join(LINE_BREAK));
  return inlineLength >= MIN_ARTICLE_CHARS ? text : null;
}

/** Whether `el` or one of its ancestors is skipped (a <body> misplaced inside a <noscript>, say). */
function isInside(el: Element, skip: (el: Element) => boolean): boolean {
  for (let node: AnyNode | null = el; node; node = node.parent) if (isTag(node) && skip(node)) return true;
  return false;
}

/** Any character but a LINE_BREAK: bodies made of empty blocks have none and fall back to the whole document. */
const HAS_TEXT = /[^\u2029]/;

/** The text of the page's body (of the whole document when the body has none), one line per block. */
function pageText(bodies: Element[], doc: AnyNode, skip: (el: Element) => boolean) {
  const text = bodies.filter((b) => !isInside(b, skip)).map((b) => collectBlockText(b, skip)).join(LINE_BREAK);
  return squashBlockText(HAS_TEXT.test(text) ? text : collectBlockText(doc, skip));
}

/**
 * Main text of a list, hub or home page: the page without furniture and without blocks made
 * mostly of links (menus, tag clouds), unless too little is left: then the links are the content
 * (a list of papers) and stay, one per line. Compared without line breaks, as before they were kept.
 */
function listText(bodies: Element[], doc: AnyNode, measures: Map<Element, Measure>): string {
  const kept = (el: Element) => !measures.has(el) || isInputForm(el, measures.get(el)!);
  const before = pageText(bodies, doc, kept);
  const dense = new Set<Element>();
  for (const [el, m] of measures) if (CLEANED.has(el.name) || el.name === "p") if (m.chars && linkDensity(m) > LINK_DENSE_SHARE) dense.add(el);
  if (dense.size === 0) return before.text;
  const after = pageText(bodies, doc, (el) => kept(el) || dense.has(el));
  return after.inlineLength >= MIN_LIST_TEXT_CHARS ? after.text : before.text;
}

/** The main text of a parsed document: its article if it has one, else its text without furniture. */
export function extractMainText(bodies: Element[], doc: AnyNode): string {
  const measures = measureElements(doc, isFurniture);
  // A theme may name the article's own wrapper after furniture (a "sticky-sidebar" layout, an
  // "elementor-widget"): when nothing is left, the article is looked for again without the names.
  return articleText(doc, measures) ?? articleText(doc, measureElements(doc, isBoilerplate)) ?? listText(bodies, doc, measures);
}
