import assert from "node:assert/strict";
import { test } from "node:test";
import { isBlockedAddress } from "./address-guard";
import { lookupOverride, parseResolveMap } from "./resolve-map";

test("parseResolveMap reads host=addr[:port] entries and * as the fallback", () => {
  const m = parseResolveMap("a.test=127.0.0.1:8700, *=127.0.0.2,v6.test=[::1]:81");
  assert.deepEqual(lookupOverride(m, "A.TEST"), { address: "127.0.0.1", port: 8700 });
  assert.deepEqual(lookupOverride(m, "other.test"), { address: "127.0.0.2", port: undefined });
  assert.deepEqual(lookupOverride(m, "v6.test"), { address: "::1", port: 81 });
  assert.throws(() => parseResolveMap("a.test=1.2.3.4:99999"), /host=ADDRESS/);
  assert.throws(() => parseResolveMap("nohost"), /host=ADDRESS/);
});

test("isBlockedAddress refuses private, loopback, link-local and metadata addresses only", () => {
  for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0", "::1", "fe80::1", "fd00::1", "::ffff:127.0.0.1", "100.64.0.1",
    "::7f00:1", "::127.0.0.1", "2002:7f00:1::", "2002:a9fe:a9fe::1", "::ffff:7f00:1", "2001:0:4136:e378:8000:63bf:80ff:fffe", "64:ff9b::7f00:1", "192.0.2.1"]) {
    assert.equal(isBlockedAddress(a), true, a);
  }
  for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "172.32.0.1", "2002:808:808::1", "::ffff:8.8.8.8"]) assert.equal(isBlockedAddress(a), false, a);
});
