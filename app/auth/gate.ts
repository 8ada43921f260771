/**
 * The proxy's sign-in check: who the request is from (session cookie, API token, or basic auth
 * for scripts) and whether their role allows it. Public: the sign-in page and form, /api/health.
 */
import { NextResponse, type NextRequest } from "next/server";
import { parseAuthorization } from "@/lib/auth/credentials";
import { isPublicPath, isValidUserName, SESSION_COOKIE } from "@/lib/auth/policy";
import { attemptKeys } from "@/lib/auth/rate-limit";
import { hasRole, requiredRole, type Role } from "@/lib/auth/roles";
import { isApiTokenShaped, isSessionIdShaped } from "@/lib/auth/secret";
import { findTokenUser } from "@/lib/store/api-tokens";
import { getSql, type Sql } from "@/lib/store/infra/sql";
import { recordSignInFailure, signInLockedUntil } from "@/lib/store/login-attempts";
import { findSessionUser } from "@/lib/store/sessions";
import { checkUserPassword } from "@/lib/store/users";
import { refusalLocale } from "@/lib/http/guard-response";
import { securityMessage } from "@/lib/i18n/security-messages";
import { IDENTITY_HEADERS } from "./identity";
import { clientAddress, isAuthOn, isBootstrapSignIn } from "./mode";

/** A known requester: `id` is null for ADMIN_PASSWORD's sign-in before any user exists. */
type Known = { id: number | null; name: string; role: Role };
type Who = Known | { locked: Date } | { badName: true } | undefined;

/**
 * Basic auth for scripts: a user's password, or ADMIN_PASSWORD as `admin` while no user exists;
 * throttled like the form, but counted apart from it (a scrape with a stale password must not lock a person out).
 */
async function checkBasic(sql: Sql, request: NextRequest, name: string, password: string): Promise<Who> {
  // No user has such a name (a NUL, thousands of characters): refused before it reaches the throttle's key index.
  if (!isValidUserName(name)) return { badName: true };
  const keys = attemptKeys(name, clientAddress(request.headers), "header");
  const locked = await signInLockedUntil(sql, keys);
  if (locked) return { locked };
  const user = await checkUserPassword(sql, name, password);
  if (user) return user;
  if (await isBootstrapSignIn(sql, name, password)) return { id: null, name, role: "admin" };
  await recordSignInFailure(sql, keys);
  return undefined;
}

/** The user of the request's session cookie, if it names a live session. */
async function identifySession(sql: Sql, request: NextRequest): Promise<Known | undefined> {
  const session = request.cookies.get(SESSION_COOKIE)?.value;
  return session && isSessionIdShaped(session) ? findSessionUser(sql, session) : undefined;
}

async function identify(sql: Sql, request: NextRequest): Promise<Who> {
  const credentials = parseAuthorization(request.headers.get("authorization"));
  if (credentials.kind === "bearer") return isApiTokenShaped(credentials.token) ? findTokenUser(sql, credentials.token) : undefined;
  if (credentials.kind === "basic") return checkBasic(sql, request, credentials.name, credentials.password);
  return identifySession(sql, request);
}

/** Why a signed-in user is refused: what their role allows, and who can give more. */
function forbiddenMessage(who: Known, needed: Role): string {
  if (needed === "admin") {
    return `user "${who.name}" has the ${who.role} role: managing users needs the admin role (an admin can give it on the users page, or run focuscrawl user role ${who.name} admin)`;
  }
  return `user "${who.name}" has the viewer role, which can only read and download exports: ask an administrator for the operator role (focuscrawl user role ${who.name} operator)`;
}

/**
 * True when a refusal should send a browser to the sign-in page: a page asked for without
 * credentials in a header. An API call, a Prometheus scrape of /metrics, or any request that sent
 * credentials gets the 401 itself (a scraper following the redirect would read the sign-in page
 * as a 200 and report a parse error instead of the bad credentials).
 */
function isPageVisit(request: NextRequest): boolean {
  const path = request.nextUrl.pathname;
  const isMachine = path.startsWith("/api/") || path === "/metrics";
  return !isMachine && request.method === "GET" && !request.headers.has("authorization");
}

function refuse(request: NextRequest, status: 401 | 403 | 429, error: string): NextResponse {
  if (status === 401 && isPageVisit(request)) {
    const login = new URL("/login", request.url);
    login.searchParams.set("next", request.nextUrl.pathname + request.nextUrl.search);
    return NextResponse.redirect(login);
  }
  const headers: Record<string, string> = status === 401 ? { "www-authenticate": 'Bearer realm="FocusCrawl"' } : {};
  return NextResponse.json({ error }, { status, headers });
}

/** Let the request through with the identity headers set (and any forged ones replaced), or refuse it. */
export async function authorize(request: NextRequest): Promise<NextResponse> {
  const headers = new Headers(request.headers);
  const pass = (who: Known, isOn: boolean) => {
    headers.set(IDENTITY_HEADERS.id, who.id === null ? "" : String(who.id));
    headers.set(IDENTITY_HEADERS.name, encodeURIComponent(who.name));
    headers.set(IDENTITY_HEADERS.role, who.role);
    headers.set(IDENTITY_HEADERS.auth, isOn ? "on" : "off");
    return NextResponse.next({ request: { headers } });
  };
  const nobody: Known = { id: null, name: "", role: "viewer" };
  if (request.nextUrl.pathname === "/api/health") return pass(nobody, true);
  const sql = getSql();
  // With sign-in off, whoever can reach this loopback dashboard can also run the CLI on its machine.
  if (!(await isAuthOn(sql))) return pass({ id: null, name: "", role: "admin" }, false);
  // The sign-in page knows a signed-in visitor (it sends them on); a bad cookie there is no refusal.
  if (isPublicPath(request.nextUrl.pathname)) return pass((await identifySession(sql, request)) ?? nobody, true);
  const who = await identify(sql, request);
  if (who && "badName" in who) return refuse(request, 401, securityMessage(refusalLocale(request.headers), "badUserName"));
  if (who && "locked" in who) {
    const seconds = Math.max(1, Math.ceil((who.locked.getTime() - Date.now()) / 1000));
    const error = securityMessage(refusalLocale(request.headers), "signInThrottled", { seconds, time: who.locked.toISOString() });
    const answer = refuse(request, 429, error);
    answer.headers.set("retry-after", String(seconds));
    return answer;
  }
  if (!who) return refuse(request, 401, "sign in at /login, or send Authorization: Bearer <token> (create one with: focuscrawl token add --user NAME)");
  const needed = requiredRole(request.method, request.nextUrl.pathname);
  if (!hasRole(who.role, needed)) return refuse(request, 403, forbiddenMessage(who, needed));
  return pass(who, true);
}
