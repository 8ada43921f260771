import type { NextRequest } from "next/server";
import { authorize } from "./app/auth/gate";
import { refuseRequest } from "./lib/http/guard-response";

/**
 * Every request but static files: sign-in and roles (app/auth/gate.ts). Sign-in is required
 * beyond loopback, with ADMIN_PASSWORD set, or once any user exists; API writes and server
 * actions need the operator role, the users page the admin role (lib/auth/roles.ts).
 */
export function proxy(request: NextRequest) {
  const refusal = refuseRequest(request); // unknown Host, cross-site write, non-JSON or oversized API body
  if (refusal) return refusal;
  return authorize(request);
}

export const config = { matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"] };
