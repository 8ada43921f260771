import assert from "node:assert/strict";
import { test } from "node:test";
import { describeFailureReason } from "./failure-reasons";

test("the crawler's own failure reasons are said in words in both languages; statuses and network failures named; others stay as stored", () => {
  assert.equal(describeFailureReason("worker-crash", "en"), "took a worker down twice while being handled; set aside, not fetched again");
  assert.match(describeFailureReason("worker-crash", "zh-CN"), /两次让爬虫进程崩溃/);
  assert.equal(describeFailureReason("worker-fault: popup closed", "en"), "an error escaped its handling; failed (the worker went on) (popup closed)");
  assert.match(describeFailureReason("worker-fault: popup closed", "zh-CN"), /未处理的错误.*（popup closed）$/);
  assert.equal(describeFailureReason("http-404", "zh-CN"), "HTTP 404（未找到）");
  assert.equal(describeFailureReason("http-503", "en"), "HTTP 503 (Service Unavailable)");
  assert.equal(describeFailureReason("http-599", "en"), "HTTP 599");
  assert.equal(describeFailureReason("timeout", "zh-CN"), "超时");
  assert.equal(describeFailureReason("http-404x", "en"), "http-404x");
  assert.equal(describeFailureReason("internal: boom", "en"), "internal: boom");
});
