import assert from "node:assert/strict";
import { test } from "node:test";
import { createAddressPolicy } from "../rules/address-guard";
import { localizeError } from "../i18n/errors";
import { parseWebhookInput } from "./input";
import { signBody, verifySignature } from "./signature";

const guarded = createAddressPolicy({ allowAll: false });
const good = { url: "https://hooks.example.com/fc", secret: "0123456789abcdef", events: ["run.finished"] };

test("a good endpoint is taken as given, events without duplicates", () => {
  const r = parseWebhookInput({ ...good, events: ["run.failed", "run.failed", "run.stalled"] }, guarded);
  assert.ok(r.ok);
  assert.deepEqual(r.value, { url: "https://hooks.example.com/fc", secret: good.secret, events: ["run.failed", "run.stalled"] });
});

test("each bad field is named with how to fix it, in English and in Chinese", () => {
  const cases: [Record<string, unknown>, string, RegExp, RegExp][] = [
    [{ ...good, url: "" }, "url", /give the receiver's address/, /请填写接收地址/],
    [{ ...good, url: "hooks example" }, "url", /is not a URL: write it in full/, /不是网址/],
    [{ ...good, url: "ftp://h.example/" }, "url", /uses ftp:/, /通知只能发到 http/],
    [{ ...good, url: "https://u:p@h.example/" }, "url", /must not hold a user name or password/, /不能包含用户名或密码/],
    [{ ...good, url: "http://127.0.0.1:8080/hook" }, "url", /private or local address; allow it in PRIVATE_NETWORK_ALLOW/, /内网或本机地址/],
    [{ ...good, url: "http://localhost/hook" }, "url", /private or local address/, /内网或本机地址/],
    [{ ...good, url: "http://[::1]/hook" }, "url", /private or local address/, /内网或本机地址/],
    [{ ...good, secret: "short" }, "secret", /16 to 256 characters without spaces/, /密钥须为 16 到 256 个字符/],
    [{ ...good, secret: "with spaces inside it" }, "secret", /without spaces/, /不含空格/],
    [{ ...good, secret: 12345678901234567 }, "secret", /without spaces/, /密钥/],
    [{ ...good, events: [] }, "events", /pick at least one of run.finished, run.failed, run.stalled/, /请至少选择一个事件/],
    [{ ...good, events: ["run.exploded"] }, "events", /pick at least one of/, /请至少选择一个事件/],
  ];
  for (const [raw, field, en, zh] of cases) {
    const r = parseWebhookInput(raw, guarded);
    assert.ok(!r.ok, JSON.stringify(raw));
    assert.deepEqual(Object.keys(r.errors), [field], JSON.stringify(raw));
    assert.match(r.errors[field][0], en);
    assert.match(localizeError(r.errors[field][0], "zh-CN"), zh);
  }
});

test("a loopback receiver is accepted where the deployment allows it", () => {
  assert.ok(parseWebhookInput({ ...good, url: "http://127.0.0.1:8080/hook" }, createAddressPolicy({ allowAll: false, allowList: ["127.0.0.1"] })).ok);
  assert.ok(parseWebhookInput({ ...good, url: "http://127.0.0.1:8080/hook" }, createAddressPolicy({ allowAll: true })).ok);
});

test("a signature verifies only with its secret, over its body, within the tolerance", () => {
  const body = '{"id":"1","event":"run.finished"}';
  const header = signBody("0123456789abcdef", 1_800_000_000, body);
  // The digest as `openssl dgst -sha256 -hmac 0123456789abcdef` computes it over "1800000000.<body>".
  assert.equal(header, "t=1800000000,v1=07f2f3eb0188cb4b48dd592f0c70e6a21ac24d99844012aa63da8e898caff0bc");
  assert.ok(verifySignature("0123456789abcdef", header, body, 1_800_000_100));
  assert.ok(!verifySignature("0123456789abcdeX", header, body, 1_800_000_100));
  assert.ok(!verifySignature("0123456789abcdef", header, body.replace("1", "2"), 1_800_000_100));
  assert.ok(!verifySignature("0123456789abcdef", header, body, 1_800_000_400), "older than five minutes");
  assert.ok(!verifySignature("0123456789abcdef", "t=x,v1=zz", body, 1_800_000_000));
});
