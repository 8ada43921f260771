import assert from "node:assert/strict";
import { test } from "node:test";
import { IDENTITY_HEADERS, readIdentity } from "./identity";
import { clientAddress } from "./mode";

test("the identity the proxy set is read back; a request it did not mark gets the viewer role", () => {
  const marked = new Headers({ [IDENTITY_HEADERS.id]: "7", [IDENTITY_HEADERS.name]: encodeURIComponent("张伟"), [IDENTITY_HEADERS.role]: "operator", [IDENTITY_HEADERS.auth]: "on" });
  assert.deepEqual(readIdentity(marked), { userId: 7, name: "张伟", role: "operator", isAuthOn: true });
  assert.deepEqual(readIdentity(new Headers()), { userId: null, name: "", role: "viewer", isAuthOn: true });
  assert.equal(readIdentity(new Headers({ [IDENTITY_HEADERS.role]: "admin" })).role, "admin");
  assert.equal(readIdentity(new Headers({ [IDENTITY_HEADERS.role]: "root" })).role, "viewer");
  assert.equal(readIdentity(new Headers({ [IDENTITY_HEADERS.id]: "x1" })).userId, null);
  assert.equal(readIdentity(new Headers({ [IDENTITY_HEADERS.auth]: "off", [IDENTITY_HEADERS.role]: "operator" })).isAuthOn, false);
});

test("the client address is X-Forwarded-For as the front server wrote it; X-Real-IP, which a client can send, is not read", () => {
  assert.equal(clientAddress(new Headers({ "x-forwarded-for": "203.0.113.5, 10.0.0.1" })), "203.0.113.5");
  assert.equal(clientAddress(new Headers({ "x-real-ip": "198.51.100.2" })), "unknown");
  assert.equal(clientAddress(new Headers()), "unknown");
});
