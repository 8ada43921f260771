/** Highlighted snippets of search results: the text split into plain and matching pieces and its line breaks. */

/**
 * A piece of a snippet; `isHit` pieces are shown highlighted, `isBreak` pieces mark the end of a
 * line of the main text (a paragraph, list item or row) and are shown as a separator.
 */
export interface SnippetPiece { text: string; isHit: boolean; isBreak?: boolean }

/** The piece that stands for a line break ("\n") of the main text. */
const BREAK: SnippetPiece = { text: "\n", isHit: false, isBreak: true };

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Plain text split at its line breaks, each of them a BREAK piece. */
function splitLines(text: string): SnippetPiece[] {
  return text.split("\n").flatMap((line, i) => [...(i > 0 ? [BREAK] : []), ...(line ? [{ text: line, isHit: false }] : [])]);
}

/**
 * Split `text` around every occurrence of any of `terms` (case-insensitive, longest term first,
 * so 农业机械 wins over 农业), and at its line breaks: the main text keeps one line per block,
 * and a list page's items would otherwise show as one run (比较研究无线传感器…). Rendered as text
 * nodes, never as HTML.
 */
export function highlightTerms(rawText: string, terms: readonly string[]): SnippetPiece[] {
  // A snippet is cut from the main text at any point: a line break at either end separates nothing.
  const text = rawText.replace(/^\n+|\n+$/g, "");
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0 || !text) return splitLines(text);
  const re = new RegExp(words.map(escapeRegExp).join("|"), "giu");
  const out: SnippetPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(...splitLines(text.slice(last, m.index)));
    out.push({ text: m[0], isHit: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(...splitLines(text.slice(last)));
  return out;
}
