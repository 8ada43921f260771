import assert from "node:assert/strict";
import { test } from "node:test";
import { addressLiteral, createAddressPolicy, isBlockedAddress, isLocalhostName } from "./address-guard";

test("every special-purpose range that is not globally reachable is blocked, IPv4 and IPv6 alike, at both ends", () => {
  const blocked = [
    "0.0.0.0", "0.255.255.255", "10.0.0.1", "100.64.0.0", "100.127.255.255", "127.0.0.1", "169.254.169.254", "172.16.0.1", "172.31.255.255",
    "192.0.0.1", "192.0.0.255", "192.0.2.1", "192.88.99.1", "192.168.1.1", "198.18.0.0", "198.19.255.255", "198.51.100.7", "203.0.113.9",
    "224.0.0.1", "239.255.255.255", "240.0.0.1", "255.255.255.255",
    "::", "::1", "::7f00:1", "64:ff9b::a00:1", "64:ff9b::808:808", "64:ff9b:1::1", "64:ff9b:1:ffff::1", "100::", "100::ffff:ffff:ffff:ffff",
    "100:0:0:1::1", "2001::1", "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:2::1", "2001:2:0:ffff::1", "2001:10::1", "2001:1f:ffff::1",
    "2001:db8::", "2001:db8:ffff:ffff::1", "3fff::1", "3fff:fff:ffff::1", "5f00::1", "fc00::1", "fdff:ffff::1", "fe80::1", "febf::1", "fec0::1",
    "ff02::1", "ffff::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:100.64.0.1", "2002:7f00:1::", "2002:a9fe:a9fe::1", "2002:c612:1::1",
  ];
  for (const a of blocked) assert.equal(isBlockedAddress(a), true, a);
  const open = [
    "8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.32.0.1", "192.0.1.255", "192.0.3.0", "198.17.255.255", "198.20.0.0", "223.255.255.255",
    "2606:4700:4700::1111", "2001:4860:4860::8888", "2001:db7:ffff::1", "2001:db9::1", "2001:3::1", "2001:20::1", "2001:4:112::1", "2002:808:808::1",
    "::ffff:8.8.8.8", "3ffe::1", "4000::1", "64:ff9a::1", "100:0:0:2::1",
  ];
  for (const a of open) assert.equal(isBlockedAddress(a), false, a);
});

test("the forms a resolver reads as an IPv4 address are read as it; names stay names", () => {
  const rows: [string, string | null][] = [
    ["127.0.0.1", "127.0.0.1"], ["127.1", "127.0.0.1"], ["2130706433", "127.0.0.1"], ["0x7f000001", "127.0.0.1"], ["0X7F000001", "127.0.0.1"],
    ["0", "0.0.0.0"], ["017700000001", "127.0.0.1"], ["0177.0.0.1", "127.0.0.1"], ["0x7f.1", "127.0.0.1"], ["10.1", "10.0.0.1"],
    ["::1", "::1"], ["[::1]", "::1"], ["fe80::1%eth0", "fe80::1"], ["1.2.3.4", "1.2.3.4"],
    ["localhost", null], ["example.com", null], ["cafe.dead.beef", null], ["1.2.3.999", null], ["", null], ["0x", "0.0.0.0"],
  ];
  for (const [text, want] of rows) assert.equal(addressLiteral(text), want, text);
  for (const name of ["localhost", "LOCALHOST", "localhost.", "db.localhost", "a.b.localhost."]) assert.equal(isLocalhostName(name), true, name);
  for (const name of ["localhost.example", "notlocalhost", "example.com", "localhostx"]) assert.equal(isLocalhostName(name), false, name);
});

test("the deployment's allow-list opens a blocked range by address; a name on it trusts only DNS", () => {
  const guard = createAddressPolicy({ allowAll: false, allowList: ["2001:db8::/32", "intranet.test"] });
  assert.equal(guard("x.test", "2001:db8::5"), false);
  assert.equal(guard("x.test", "fd00::5"), true);
  assert.equal(guard("intranet.test", "fd00::5"), false);
  assert.equal(guard("intranet.test", "fd00::5", { byAddress: true }), true);
});
