import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAuthorization } from "./credentials";
import { isAuthRequired, isPublicPath, isSecureRequest, isValidUserName, safeNextPath, sessionCookieOptions } from "./policy";
import { canManageExportFile, hasRole, isRole, requiredRole } from "./roles";

test("sign-in is off only on loopback with no password and no users", () => {
  const rows: [boolean, boolean, boolean, boolean][] = [
    [true, false, false, false], [false, false, false, true], [true, true, false, true], [true, false, true, true], [false, true, true, true],
  ];
  for (const [isLoopback, hasAdminPassword, hasUsers, want] of rows) {
    assert.equal(isAuthRequired({ isLoopback, hasAdminPassword, hasUsers }), want, JSON.stringify({ isLoopback, hasAdminPassword, hasUsers }));
  }
});

test("reads need a viewer; every write needs an operator except signing out; users are for admins only", () => {
  const rows: [string, string, string][] = [
    ["GET", "/api/jobs", "viewer"], ["HEAD", "/", "viewer"], ["GET", "/api/jobs/1/export", "viewer"], ["GET", "/api/jobs/1/exports", "viewer"],
    ["POST", "/api/jobs", "operator"], ["POST", "/api/jobs/1/actions", "operator"], ["PUT", "/api/jobs/1/pages/2/judgement", "operator"],
    ["DELETE", "/api/topics/1", "operator"], ["POST", "/jobs/1", "operator"], ["post", "/compare", "operator"],
    ["POST", "/api/auth/logout", "viewer"], ["POST", "/api/jobs/1/exports", "operator"], ["POST", "/api/exports/7/actions", "operator"],
    ["POST", "/api/jobs/1/exports/7/actions", "operator"], ["DELETE", "/api/exports/7", "operator"],
    ["GET", "/admin/users", "admin"], ["POST", "/admin/users", "admin"], ["GET", "/administer", "viewer"],
  ];
  for (const [method, path, want] of rows) assert.equal(requiredRole(method, path), want, `${method} ${path}`);
  const order = ["viewer", "operator", "admin"] as const;
  for (const has of order) for (const needed of order) assert.equal(hasRole(has, needed), order.indexOf(has) >= order.indexOf(needed), `${has} ${needed}`);
  assert.equal(isRole("operator"), true);
  assert.equal(isRole("admin"), true);
  assert.equal(isRole("root"), false);
});

test("an export file is resumed or cancelled by the user who started it, or by an admin", () => {
  assert.equal(canManageExportFile({ userId: 3, role: "operator" }, 3), true);
  assert.equal(canManageExportFile({ userId: 4, role: "operator" }, 3), false);
  assert.equal(canManageExportFile({ userId: 3, role: "viewer" }, 3), false);
  assert.equal(canManageExportFile({ userId: null, role: "operator" }, null), false);
  assert.equal(canManageExportFile({ userId: 9, role: "admin" }, 3), true);
  assert.equal(canManageExportFile({ userId: null, role: "admin" }, null), true);
});

test("only the sign-in page, its form and the health check are public", () => {
  for (const p of ["/login", "/api/health", "/api/auth/login"]) assert.equal(isPublicPath(p), true, p);
  for (const p of ["/", "/api/jobs", "/login/x", "/api/health/x", "/api/auth/logout", "/jobs/1"]) assert.equal(isPublicPath(p), false, p);
});

test("the cookie is Secure behind TLS, directly or as a proxy reports it", () => {
  assert.equal(isSecureRequest("https:", null), true);
  assert.equal(isSecureRequest("http:", "https"), true);
  assert.equal(isSecureRequest("http:", "HTTPS, http"), true);
  assert.equal(isSecureRequest("http:", "http"), false);
  assert.equal(isSecureRequest("http:", null), false);
  assert.deepEqual(sessionCookieOptions(true, 60_000), { httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 60 });
});

test("after sign-in only paths of this site are followed, judged as a browser parses them", () => {
  const rows: [string | null, string][] = [
    // Paths of this site, kept with their query and fragment.
    ["/jobs/3?x=1", "/jobs/3?x=1"], ["/", "/"], ["/topics#new", "/topics#new"], ["/jobs/3?q=%E8%AE%A1", "/jobs/3?q=%E8%AE%A1"],
    ["/a/../jobs", "/jobs"], ["/%2F/evil.example", "/%2F/evil.example"], ["jobs/3", "/jobs/3"], ["?x=1", "/?x=1"],
    [null, "/"], ["", "/"],
    // Another host however it is written: browsers drop tabs and newlines and read \ as /.
    ["//evil.example/", "/"], ["https://evil.example/", "/"], ["HTTPS://evil.example", "/"], ["http:evil.example", "/evil.example"],
    ["/\\evil.example", "/"], ["\\\\evil.example", "/"], ["\\/evil.example", "/"], ["/\t/evil.example", "/"], ["/\n/evil.example", "/"],
    ["/\r\n/evil.example", "/"], ["\t//evil.example", "/"], [" //evil.example", "/"], ["/\t\\evil.example", "/"],
    ["//evil.example@base.invalid/", "/"], ["http://base.invalid@evil.example/", "/"], ["//%65vil.example", "/"],
    ["///evil.example", "/"], ["////evil.example", "/"], ["https:/evil.example", "/"], ["https:\\\\evil.example", "/"],
    ["http://base.invalid:8080/", "/"], ["https://base.invalid/", "/"],
    // Other schemes.
    ["javascript:alert(1)", "/"], ["JaVaScRiPt:alert(1)", "/"], ["java\tscript:alert(1)", "/"], ["data:text/html,x", "/"],
    ["vbscript:x", "/"], ["mailto:a@b.example", "/"], ["file:///etc/passwd", "/"],
    // The path resolves to //evil.example: its leading slashes are folded, so no Location names a host.
    ["/.//evil.example", "/evil.example"], ["/x/..//evil.example", "/evil.example"], ["/%2e//evil.example", "/evil.example"],
    // Header injection: control characters are percent-encoded by the parser, never sent raw.
    ["/a\r\nSet-Cookie: x", "/aSet-Cookie:%20x"], ["/a\u0000b", "/a%00b"],
    // The sign-in page itself would loop.
    ["/login?next=/login", "/"], ["/login", "/"], ["/%6Cogin", "/%6Cogin"],
  ];
  for (const [next, want] of rows) {
    const got = safeNextPath(next);
    assert.equal(got, want, JSON.stringify(next));
    assert.equal(new URL(got, "https://dashboard.example/").origin, "https://dashboard.example", `${JSON.stringify(next)} stays on the site`);
    assert.doesNotMatch(got, /^\/\/|^\/\\|[\u0000-\u001f\\]/, `${JSON.stringify(next)} has nothing a browser reads as a host`);
  }
});

test("user names: letters (any script), digits and . _ @ -, up to 64", () => {
  for (const ok of ["admin", "li.ming", "张伟", "a@b-c_d"]) assert.equal(isValidUserName(ok), true, ok);
  for (const bad of ["", "a b", "x".repeat(65), "a:b", "a/b"]) assert.equal(isValidUserName(bad), false, bad);
});

test("Authorization headers: Bearer, Basic (password may hold colons), else malformed or none", () => {
  const basic = (s: string) => `Basic ${Buffer.from(s).toString("base64")}`;
  assert.deepEqual(parseAuthorization(null), { kind: "none" });
  assert.deepEqual(parseAuthorization("Bearer fct_abc"), { kind: "bearer", token: "fct_abc" });
  assert.deepEqual(parseAuthorization("bearer  fct_abc"), { kind: "bearer", token: "fct_abc" });
  assert.deepEqual(parseAuthorization(basic("ops:pa:ss")), { kind: "basic", name: "ops", password: "pa:ss" });
  assert.deepEqual(parseAuthorization(basic("nocolon")), { kind: "malformed" });
  assert.deepEqual(parseAuthorization("Digest x=y"), { kind: "malformed" });
  assert.deepEqual(parseAuthorization("Bearer"), { kind: "malformed" });
});
