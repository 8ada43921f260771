/** Reading the credentials a script sends in the Authorization header. */

/** What an Authorization header holds. */
export type HeaderCredentials =
  | { kind: "bearer"; token: string }
  | { kind: "basic"; name: string; password: string }
  | { kind: "none" }
  | { kind: "malformed" };

/** Parse `Bearer TOKEN` or `Basic base64(name:password)`; anything else is malformed. */
export function parseAuthorization(header: string | null): HeaderCredentials {
  if (!header) return { kind: "none" };
  const m = /^(\S+)\s+(\S+)\s*$/.exec(header);
  if (!m) return { kind: "malformed" };
  const scheme = m[1].toLowerCase();
  if (scheme === "bearer") return { kind: "bearer", token: m[2] };
  if (scheme !== "basic") return { kind: "malformed" };
  const decoded = Buffer.from(m[2], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return { kind: "malformed" };
  return { kind: "basic", name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
