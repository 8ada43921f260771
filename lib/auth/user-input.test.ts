import assert from "node:assert/strict";
import { test } from "node:test";
import { firstUserInputProblem, newUserSchema, userRoleSchema } from "./user-input";

test("the users page's input: valid users pass trimmed; each bad field names its problem", () => {
  assert.deepEqual(newUserSchema.parse({ name: " 张伟 ", password: "long enough", role: "viewer" }), { name: "张伟", password: "long enough", role: "viewer" });
  const rows: [unknown, string][] = [
    [{ name: "a b", password: "long enough", role: "viewer" }, "nameInvalid"],
    [{ name: "", password: "long enough", role: "viewer" }, "nameInvalid"],
    [{ name: "ok", password: "short", role: "viewer" }, "passwordShort"],
    [{ name: "ok", password: "long enough", role: "root" }, "roleInvalid"],
    [{ name: "ok", password: "long enough" }, "roleInvalid"],
  ];
  for (const [input, want] of rows) {
    const r = newUserSchema.safeParse(input);
    assert.ok(!r.success, JSON.stringify(input));
    assert.equal(firstUserInputProblem(r.error), want, JSON.stringify(input));
  }
  assert.ok(userRoleSchema.safeParse({ name: "ok", role: "admin" }).success);
});
