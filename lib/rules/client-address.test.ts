import assert from "node:assert/strict";
import { test } from "node:test";
import { clientAddressOf, parseTrustedProxies } from "./client-address";

test("X-Forwarded-For counts only from a trusted proxy, and then only its right-most untrusted entry", () => {
  const none = parseTrustedProxies([]);
  const proxies = parseTrustedProxies(["127.0.0.1", "10.0.0.0/8", "fd00::/8"]);
  const rows: [string, string | null, typeof none, string][] = [
    // No trusted proxy (the default): the socket's address, whatever the header says.
    ["203.0.113.5", "198.51.100.1", none, "203.0.113.5"], ["127.0.0.1", "198.51.100.1", none, "127.0.0.1"],
    ["::ffff:203.0.113.5", null, none, "203.0.113.5"], ["::1", "1.2.3.4", none, "::1"],
    // An untrusted peer's header is ignored even with proxies configured.
    ["203.0.113.5", "10.0.0.9, 198.51.100.1", proxies, "203.0.113.5"],
    // Through a trusted proxy: the right-most entry it did not write itself.
    ["127.0.0.1", "198.51.100.1", proxies, "198.51.100.1"], ["::ffff:127.0.0.1", "1.1.1.1, 198.51.100.1", proxies, "198.51.100.1"],
    ["10.1.2.3", "6.6.6.6, 198.51.100.1, 10.0.0.7", proxies, "198.51.100.1"], ["fd00::1", "2001:db8::5", proxies, "2001:db8::5"],
    // Every entry trusted, none, or garbage: the left-most address, else the peer.
    ["127.0.0.1", "10.0.0.2, 10.0.0.3", proxies, "10.0.0.2"], ["127.0.0.1", null, proxies, "127.0.0.1"],
    ["127.0.0.1", "not-an-address, ", proxies, "127.0.0.1"], ["127.0.0.1", "198.51.100.1, evil", proxies, "198.51.100.1"],
  ];
  for (const [peer, xff, trusted, want] of rows) assert.equal(clientAddressOf(peer, xff, trusted), want, `${peer} ${xff}`);
});

test("trusted proxies are addresses or CIDRs; anything else is refused with how to write it", () => {
  for (const ok of [[], ["127.0.0.1"], ["10.0.0.0/8", "::1", "2001:db8::/32"]]) assert.doesNotThrow(() => parseTrustedProxies(ok));
  for (const bad of ["proxy.example", "10.0.0.0/33", "::1/129", "10.0.0.1/8/1", "10.0.0.0/x", ""]) {
    assert.throws(() => parseTrustedProxies([bad]), /is not an address or network: write addresses or CIDRs/, bad);
  }
});
