import assert from "node:assert/strict";
import { test } from "node:test";
import { describeExportFailure, exportMessages } from "./export-messages";

test("an export's failure reads in the interface's language, and one whose file is gone cannot be resumed", () => {
  const gone = "its partial file (exports/8.csv in the data directory) is gone: cancel this export and start a new one";
  const zh = describeExportFailure(gone, exportMessages("zh-CN"));
  assert.equal(zh.canResume, false);
  assert.match(zh.text, /数据目录中的 exports\/8\.csv/);
  assert.doesNotMatch(zh.text, /partial file/);
  const short = describeExportFailure("its partial file (exports/3.warc.gz in the data directory) holds 10 bytes, fewer than the 99 recorded "
    + "(it was changed outside FocusCrawl): cancel this export and start a new one", exportMessages("en"));
  assert.equal(short.canResume, false);
  assert.match(short.text, /^Its partial file \(exports\/3\.warc\.gz in the data directory\) is shorter/);
  const other = describeExportFailure("disk full", exportMessages("zh-CN"));
  assert.equal(other.canResume, true);
  assert.match(other.text, /导出出错（disk full）/);
});
