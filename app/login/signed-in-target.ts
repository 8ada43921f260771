/**
 * Where /login sends a visitor who is already signed in: the `next` they were going to, when it
 * is a path of this site, else the home page. Kept in one function so that it can share the
 * sign-in form's own check later.
 */

/**
 * `next` when it is a same-origin path: a single `/` not followed by `/` or `\` (which browsers
 * read as another host), no control characters (browsers drop tabs and line breaks, so `/\t/x`
 * would become `//x`), and not /login itself (no loop); else `/`.
 */
export function signedInTarget(next: string | null | undefined): string {
  if (!next || next[0] !== "/" || next[1] === "/" || next[1] === "\\") return "/";
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  return /^\/login(?:[/?#]|$)/.test(next) ? "/" : next;
}
