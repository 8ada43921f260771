/** Highlighted snippets of search results: the text split into plain and matching pieces. */

/** A piece of a snippet; `isHit` pieces are shown highlighted. */
export interface SnippetPiece { text: string; isHit: boolean }

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Split `text` around every occurrence of any of `terms` (case-insensitive, longest term first,
 * so 农业机械 wins over 农业). Rendered as text nodes, never as HTML.
 */
export function highlightTerms(text: string, terms: readonly string[]): SnippetPiece[] {
  const words = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (words.length === 0 || !text) return text ? [{ text, isHit: false }] : [];
  const re = new RegExp(words.map(escapeRegExp).join("|"), "giu");
  const out: SnippetPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push({ text: text.slice(last, m.index), isHit: false });
    out.push({ text: m[0], isHit: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), isHit: false });
  return out;
}
