import type { NextRequest } from "next/server";
import { authorize } from "./app/auth/gate";
import { databaseDownResponse, refuseRequest } from "./lib/http/guard-response";
import { isDatabaseAway } from "./lib/store/infra/database-away";

/**
 * Every request but static files: sign-in and roles (app/auth/gate.ts). Sign-in is required
 * beyond loopback, with ADMIN_PASSWORD set, or once any user exists; API writes and server
 * actions need the operator role, the users page the admin role (lib/auth/roles.ts). While the
 * database cannot be reached, API requests get a JSON 503.
 */
export async function proxy(request: NextRequest) {
  const refusal = refuseRequest(request); // unknown Host, cross-site write, non-JSON or oversized API body
  if (refusal) return refusal;
  try {
    return await authorize(request);
  } catch (err) {
    // Sign-in reads the database first on nearly every request: while it is unreachable a JSON API
    // answers JSON (503), not Next.js's HTML error page. Pages keep their error page.
    if (request.nextUrl.pathname.startsWith("/api/") && isDatabaseAway(err)) return databaseDownResponse(request.headers);
    throw err;
  }
}

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
