/** One webhook POST against a real receiver on 127.0.0.1 that answers with a huge body. */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startHugeAnswerServer, type HugeAnswerServer } from "../testing/huge-answer-server";
import { createWebhookSender } from "./send";

const MB = 1024 * 1024;
let receiver: HugeAnswerServer;
before(async () => { receiver = await startHugeAnswerServer({ status: 500 }); });
after(() => receiver.close());

test("a receiver answering 500 with an endless body: a short error, the rest never read, memory flat", async () => {
  // The deadline is far off, so only reading a few KB and hanging up can end the attempt early.
  const sender = createWebhookSender({ userAgent: "test", allowPrivate: true, timeoutMs: 20_000 });
  try {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const attempt = await sender.post(receiver.url("/hook"), "{}", {});
    const grownMb = (process.memoryUsage().rss - rssBefore) / MB;
    assert.equal(attempt.statusCode, 500);
    assert.ok(attempt.error && attempt.error.length <= 200 && /^x+$/.test(attempt.error), `error: ${attempt.error?.slice(0, 80)}`);
    assert.ok(grownMb < 50, `RSS grew by ${grownMb.toFixed(1)} MB`);
    await receiver.settled();
    // The client hung up: what the server wrote is what the socket buffers took, not the body.
    assert.ok(receiver.bytesWritten() < 32 * MB, `${(receiver.bytesWritten() / MB).toFixed(1)} MB written before the client hung up`);
  } finally {
    await sender.close();
  }
});
