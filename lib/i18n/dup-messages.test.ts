import assert from "node:assert/strict";
import { test } from "node:test";
import { DUPLICATE_MODES, RESULT_PARAMS } from "../results/filters";
import { countText, dupMessages } from "./dup-messages";
import { LOCALES } from "./messages";

const CJK = /[\u4e00-\u9fff]/;

test("near-duplicate text: every mode named in both languages, Chinese by default, counts read right", () => {
  for (const mode of DUPLICATE_MODES) {
    assert.match(dupMessages("zh-CN").mode[mode], CJK, mode);
    assert.doesNotMatch(dupMessages("en").mode[mode], CJK, mode);
  }
  for (const locale of LOCALES) assert.equal(dupMessages(locale).more.other.includes("{n}"), true, locale);
  assert.match(dupMessages("zh-CN").allowed[RESULT_PARAMS.dupOf] ?? "", CJK, "the dupOf error line in Chinese");
  const en = dupMessages("en");
  assert.equal(countText(en.more, 1, 999), "+1 near-duplicate");
  assert.equal(countText(en.more, 3, 999), "+3 near-duplicates");
  assert.equal(countText(en.more, 1000, 999), "+999+ near-duplicates", "past the cap the count says more than");
  assert.equal(countText(dupMessages("zh-CN").more, 3, 999), "+3 个近似重复");
});
