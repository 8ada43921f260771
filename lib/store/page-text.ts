/** The longest title and main text a stored page keeps: what a page sends is not trusted to be sane. */

/** A title longer than this is cut: a 2 MB <title> made every list showing it (the job page) 4 MB. */
export const MAX_TITLE_CHARS = 1_000;
/** Main text past this is cut (about 3 MB of Chinese in UTF-8; bodies are 5 MB at most by default, but a job may raise that). */
export const MAX_MAIN_TEXT_CHARS = 1_000_000;

/** `text` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A page's title and main text within the limits. When either is cut, the search document the
 * crawl segmented from the whole text are dropped, so the store segments what it keeps.
 */
export function capPageText<T extends { title: string; mainText: string; searchDocument?: unknown }>(p: T): T {
  const title = capText(p.title, MAX_TITLE_CHARS);
  const mainText = capText(p.mainText, MAX_MAIN_TEXT_CHARS);
  if (title === p.title && mainText === p.mainText) return p;
  return { ...p, title, mainText, searchDocument: undefined };
}
