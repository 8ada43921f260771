/** When the dashboard asks for sign-in, which addresses stay public, and the session cookie. */

/** The session cookie's name. */
export const SESSION_COOKIE = "focuscrawl_session";
/** How long a session lasts after sign-in. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** The user name ADMIN_PASSWORD signs in as while no user exists. */
export const BOOTSTRAP_USER = "admin";

/**
 * Sign-in is required when the dashboard listens beyond loopback, when ADMIN_PASSWORD is set,
 * or when any user exists. Only a loopback dashboard with none of these stays open.
 */
export function isAuthRequired(o: { isLoopback: boolean; hasAdminPassword: boolean; hasUsers: boolean }): boolean {
  return !o.isLoopback || o.hasAdminPassword || o.hasUsers;
}

const PUBLIC_PATHS = new Set(["/login", "/api/health", "/api/auth/login"]);

/** Addresses answered without credentials: the sign-in page and its form, and the health check. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname);
}

/** True when the browser reached us over TLS, directly or through a proxy that says so. */
export function isSecureRequest(protocol: string, forwardedProto: string | null): boolean {
  return protocol === "https:" || forwardedProto?.split(",")[0].trim().toLowerCase() === "https";
}

/** The Set-Cookie attributes of the session cookie. */
export function sessionCookieOptions(isSecure: boolean, maxAgeMs = SESSION_TTL_MS) {
  return { httpOnly: true, sameSite: "lax" as const, secure: isSecure, path: "/", maxAge: Math.floor(maxAgeMs / 1000) };
}

/** A base no real request has: what `next` resolves against to tell a path of this site from another site. */
const NEXT_BASE = new URL("http://base.invalid/");

/**
 * Where to go after sign-in: a path on this site, never another site. `next` is judged as a
 * browser reads it, by the WHATWG URL parser: it drops tabs and newlines and reads `\` as `/`,
 * so `/%09/evil.example` (a tab) and `/\evil.example` are `//evil.example`, another host. Only
 * what resolves to this origin is kept, as its path, query and fragment; the path's leading
 * slashes are folded into one, since `/.//evil.example` resolves to the path `//evil.example`,
 * which a Location header would read as a host again.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return "/";
  let u: URL;
  try {
    u = new URL(next, NEXT_BASE);
  } catch {
    return "/";
  }
  if (u.origin !== NEXT_BASE.origin) return "/";
  const path = `${u.pathname.replace(/^\/+/, "/")}${u.search}${u.hash}`;
  return /^\/login(?:[/?#]|$)/.test(path) ? "/" : path;
}

const NAME_PATTERN = /^[\p{L}\p{N}._@-]{1,64}$/u;

/** True when `name` can be a user name: 1–64 letters, digits, `.`, `_`, `@` or `-`. */
export function isValidUserName(name: string): boolean {
  return NAME_PATTERN.test(name);
}
