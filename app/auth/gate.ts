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

type Who = { name: string; role: Role } | { locked: Date } | { badName: true } | undefined;

/** Basic auth for scripts: a user's password, or ADMIN_PASSWORD as `admin` while no user exists; throttled like the form. */
async function checkBasic(sql: Sql, request: NextRequest, name: string, password: string): Promise<Who> {
  // No user has such a name (a NUL, thousands of characters): refused before it reaches the throttle's key index.
  if (!isValidUserName(name)) return { badName: true };
  const keys = attemptKeys(name, clientAddress(request.headers));
  const locked = await signInLockedUntil(sql, keys);
  if (locked) return { locked };
  const user = await checkUserPassword(sql, name, password);
  if (user) return user;
  if (await isBootstrapSignIn(sql, name, password)) return { name, role: "operator" };
  await recordSignInFailure(sql, keys);
  return undefined;
}

async function identify(sql: Sql, request: NextRequest): Promise<Who> {
  const credentials = parseAuthorization(request.headers.get("authorization"));
  if (credentials.kind === "bearer") return isApiTokenShaped(credentials.token) ? findTokenUser(sql, credentials.token) : undefined;
  if (credentials.kind === "basic") return checkBasic(sql, request, credentials.name, credentials.password);
  const session = request.cookies.get(SESSION_COOKIE)?.value;
  return session && isSessionIdShaped(session) ? findSessionUser(sql, session) : undefined;
}

function refuse(request: NextRequest, status: 401 | 403 | 429, error: string): NextResponse {
  const isApi = request.nextUrl.pathname.startsWith("/api/");
  if (status === 401 && !isApi && request.method === "GET") {
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
  const pass = (who: { name: string; role: Role }, isOn: boolean) => {
    headers.set(IDENTITY_HEADERS.name, encodeURIComponent(who.name));
    headers.set(IDENTITY_HEADERS.role, who.role);
    headers.set(IDENTITY_HEADERS.auth, isOn ? "on" : "off");
    return NextResponse.next({ request: { headers } });
  };
  if (request.nextUrl.pathname === "/api/health") return pass({ name: "", role: "viewer" }, true);
  const sql = getSql();
  if (!(await isAuthOn(sql))) return pass({ name: "", role: "operator" }, false);
  if (isPublicPath(request.nextUrl.pathname)) return pass({ name: "", role: "viewer" }, true);
  const who = await identify(sql, request);
  if (who && "badName" in who) return refuse(request, 401, securityMessage(refusalLocale(request.headers), "badUserName"));
  if (who && "locked" in who) return refuse(request, 429, `too many failed sign-ins for this user or address: try again after ${who.locked.toISOString()}`);
  if (!who) return refuse(request, 401, "sign in at /login, or send Authorization: Bearer <token> (create one with: focuscrawl token add --user NAME)");
  if (!hasRole(who.role, requiredRole(request.method, request.nextUrl.pathname))) {
    return refuse(request, 403, `user "${who.name}" has the viewer role, which can only read and export: ask an administrator for the operator role (focuscrawl user add NAME --role operator)`);
  }
  return pass(who, true);
}
