import assert from "node:assert/strict";
import { test } from "node:test";
import { requestLocale, securityMessage } from "./security-messages";

test("refusals answer in the dashboard's language cookie, else the client's preference, else English", () => {
  const cases: [string | undefined, string | null, string][] = [
    ["en", "zh-CN,zh;q=0.9", "en"], ["zh-CN", "en-US", "zh-CN"], [undefined, "zh-CN,zh;q=0.9", "zh-CN"], [undefined, "zh-TW", "zh-CN"],
    [undefined, "en-US,en;q=0.9", "en"], [undefined, null, "en"], ["fr", null, "en"],
  ];
  for (const [cookie, accept, want] of cases) assert.equal(requestLocale(cookie, accept), want, `${cookie} ${accept}`);
});

test("messages fill in their values in both languages and name the fix", () => {
  assert.match(securityMessage("en", "unknownHost", { host: "evil.example:3000" }), /"evil\.example:3000".*PUBLIC_URL=http:\/\/evil\.example:3000/);
  assert.match(securityMessage("zh-CN", "unknownHost", { host: "evil.example:3000" }), /“evil\.example:3000”.*PUBLIC_URL/);
  assert.match(securityMessage("zh-CN", "tooLarge", { limit: 1024, size: 2048 }), /最多 1024 字节（收到 2048 字节）/);
  assert.match(securityMessage("en", "notJson", {}), /\{type\}/, "a value not given stays visible");
});
