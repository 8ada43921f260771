/**
 * Who is asking: the proxy (proxy.ts) decides it once per request and passes it on in request
 * headers it always overwrites, so pages and server actions read it without a second lookup and
 * a browser cannot forge it.
 */
import { isRole, type Role } from "@/lib/auth/roles";

/** Request headers the proxy sets: the user's id and name (URI-encoded), role, and whether sign-in is on. */
export const IDENTITY_HEADERS = { id: "x-focuscrawl-user-id", name: "x-focuscrawl-user", role: "x-focuscrawl-role", auth: "x-focuscrawl-auth" } as const;

/** The requester: a signed-in user, or everyone (admin) when sign-in is off. `userId` is null without a user row. */
export interface Identity { userId: number | null; name: string; role: Role; isAuthOn: boolean }

/** Read the identity the proxy set; a request the proxy did not mark has the least rights. */
export function readIdentity(headers: Headers): Identity {
  const raw = headers.get(IDENTITY_HEADERS.role) ?? "";
  const id = Number(headers.get(IDENTITY_HEADERS.id) ?? "");
  return {
    userId: Number.isInteger(id) && id > 0 ? id : null,
    name: decodeURIComponent(headers.get(IDENTITY_HEADERS.name) ?? ""),
    role: isRole(raw) ? raw : "viewer",
    isAuthOn: headers.get(IDENTITY_HEADERS.auth) !== "off",
  };
}
