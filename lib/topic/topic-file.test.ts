import assert from "node:assert/strict";
import { test } from "node:test";
import { parseTopicFile, toTopicFile } from "./topic-file";
import { TopicDefinitionSchema } from "./topic";

test("a topic file round-trips; bad files say what is wrong", () => {
  const definition = TopicDefinitionSchema.parse({ clc: ["TP31"], keywords: "数据库" });
  const file = toTopicFile({ name: "软件", description: "d", pageThreshold: 0.05, definition });
  const back = parseTopicFile(JSON.stringify(file));
  assert.ok(back.ok);
  assert.deepEqual(back.value.definition.clc, ["TP31"]);
  const notJson = parseTopicFile("{oops");
  assert.ok(!notJson.ok && /not JSON/.test(notJson.errors[0]));
  const other = parseTopicFile(JSON.stringify({ ...file, format: "x" }));
  assert.ok(!other.ok && /not a FocusCrawl topic file/.test(other.errors[0]));
  const many = parseTopicFile(JSON.stringify({ ...file, name: "", definition: { keywords: Array.from({ length: 10_000 }, (_, i) => `词${i}`) } }));
  assert.ok(!many.ok);
  assert.ok(many.errors.some((e) => /give the topic a name/.test(e)));
  assert.ok(many.errors.some((e) => /at most 500 keywords/.test(e)));
});
