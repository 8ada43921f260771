/**
 * Who is asking: the proxy (proxy.ts) decides it once per request and passes it on in request
 * headers it always overwrites, so pages and server actions read it without a second lookup and
 * a browser cannot forge it.
 */
import type { Role } from "@/lib/auth/roles";

/** Request headers the proxy sets: the user's name (URI-encoded), role, and whether sign-in is on. */
export const IDENTITY_HEADERS = { name: "x-focuscrawl-user", role: "x-focuscrawl-role", auth: "x-focuscrawl-auth" } as const;

/** The requester: a signed-in user, or everyone (operator) when sign-in is off. */
export interface Identity { name: string; role: Role; isAuthOn: boolean }

/** Read the identity the proxy set; a request the proxy did not mark has the least rights. */
export function readIdentity(headers: Headers): Identity {
  const role = headers.get(IDENTITY_HEADERS.role) === "operator" ? "operator" : "viewer";
  return {
    name: decodeURIComponent(headers.get(IDENTITY_HEADERS.name) ?? ""),
    role,
    isAuthOn: headers.get(IDENTITY_HEADERS.auth) !== "off",
  };
}
