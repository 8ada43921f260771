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

/** Where to go after sign-in: a path on this site, never another site (`//evil`, `https://…`). */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || /[\r\n]/.test(next)) return "/";
  return next.startsWith("/login") ? "/" : next;
}

const NAME_PATTERN = /^[\p{L}\p{N}._@-]{1,64}$/u;

/** True when `name` can be a user name: 1–64 letters, digits, `.`, `_`, `@` or `-`. */
export function isValidUserName(name: string): boolean {
  return NAME_PATTERN.test(name);
}
