import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_HOST_SCREENS, parseHostQuery } from "./monitor-hosts";

test("the hosts table's URL parameters: allow-listed sort, a direction, a bounded screen", () => {
  const cases: [Parameters<typeof parseHostQuery>[0], ReturnType<typeof parseHostQuery>][] = [
    [{}, { sort: "fetched", isDesc: true, search: "", screen: 1 }],
    [{ hsort: "host" }, { sort: "host", isDesc: false, search: "", screen: 1 }],
    [{ hsort: "harvest", hdir: "asc", hq: " a.test ", hpage: "3" }, { sort: "harvest", isDesc: false, search: "a.test", screen: 3 }],
    [{ hsort: "pages_fetched; drop table hosts", hpage: "-2" }, { sort: "fetched", isDesc: true, search: "", screen: 1 }],
    [{ hpage: "999999999" }, { sort: "fetched", isDesc: true, search: "", screen: MAX_HOST_SCREENS }],
  ];
  for (const [input, expected] of cases) assert.deepEqual(parseHostQuery(input), expected, JSON.stringify(input));
});
