import assert from "node:assert/strict";
import { test } from "node:test";
import { describeFailureReason } from "./failure-reasons";

test("the crawler's own failure reasons are said in words in both languages; a site's reasons stay as stored", () => {
  assert.equal(describeFailureReason("worker-crash", "en"), "took a worker down twice while being handled; set aside, not fetched again");
  assert.match(describeFailureReason("worker-crash", "zh-CN"), /两次让爬虫进程崩溃/);
  assert.equal(describeFailureReason("worker-fault: popup closed", "en"), "an error escaped its handling; failed (the worker went on) (popup closed)");
  assert.match(describeFailureReason("worker-fault: popup closed", "zh-CN"), /未处理的错误.*（popup closed）$/);
  assert.equal(describeFailureReason("http-404", "zh-CN"), "http-404");
  assert.equal(describeFailureReason("internal: boom", "en"), "internal: boom");
});
