/**
 * Where /login sends a visitor who is already signed in: the `next` they were going to, when it
 * is a path of this site, else the home page.
 */
import { safeNextPath } from "@/lib/auth/policy";

/**
 * Characters some software reads as `/` or `\`: the fraction slash, division slash, big solidus,
 * full-width solidus and reverse solidus, small reverse solidus, set minus and the like. A path of
 * this site never needs one right after its leading slash, so `/／evil.example` goes home.
 */
const SLASH_LIKE = /[/\\\u2044\u2215\u2216\u29f5\u29f8\u29f9\u2afb\u2afd\u3033\ufe68\uff0f\uff3c]/;

/**
 * `next` when it is a same-origin path: a single `/` not followed by `/`, `\` or a look-alike
 * (which browsers or proxies may read as another host), no control characters (browsers drop
 * tabs and line breaks, so `/\t/x` would become `//x`), and not /login itself (no loop); else `/`.
 * The path comes back as the sign-in form's `safeNextPath` writes it: percent-encoded, plain ASCII,
 * since a Location header may hold nothing else (`?q=农业` raw threw ERR_INVALID_CHAR, a 500).
 */
export function signedInTarget(next: string | null | undefined): string {
  if (!next || next[0] !== "/" || SLASH_LIKE.test(next[1] ?? "")) return "/";
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  return safeNextPath(next);
}
