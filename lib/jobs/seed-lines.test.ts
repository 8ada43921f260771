import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSeedLines, isPrivateHost, seedLinesOfFile } from "./seed-lines";

test("seed lines: each problem is named with its line", () => {
  const text = ["https://example.com/", "", "ftp://files.example.com/", "not a url", "https://EXAMPLE.com/#top", "http://192.168.1.5/admin", "http://portal.test/"].join("\n");
  const { urls, issues } = checkSeedLines(text);
  assert.deepEqual(urls, ["https://example.com/", "http://192.168.1.5/admin", "http://portal.test/"]);
  assert.deepEqual(issues, [
    { line: 3, kind: "scheme", scheme: "ftp" },
    { line: 4, kind: "not-url" },
    { line: 5, kind: "duplicate", first: 1 },
    { line: 6, kind: "private", host: "192.168.1.5" },
  ]);
});

test("private hosts: loopback, RFC 1918, link-local, localhost, IPv6 local; public ones are not", () => {
  for (const h of ["localhost", "a.localhost", "127.0.0.1", "10.2.3.4", "172.20.0.1", "169.254.169.254", "[::1]", "[fd00::1]", "[fe80::1]"]) assert.ok(isPrivateHost(h), h);
  for (const h of ["example.com", "8.8.8.8", "172.32.0.1", "[2001:db8::1]"]) assert.ok(!isPrivateHost(h), h);
});

test("seed files: lines of a .txt, first cells of a .csv without its header", () => {
  assert.deepEqual(seedLinesOfFile("https://a.example/\r\n\nhttps://b.example/x\n"), ["https://a.example/", "https://b.example/x"]);
  assert.deepEqual(seedLinesOfFile('url,title\n"https://a.example/",A\nhttps://b.example/;B\n'), ["https://a.example/", "https://b.example/"]);
});
