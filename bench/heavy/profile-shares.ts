/**
 * Where a worker's CPU went, from a V8 .cpuprofile (node --cpu-prof): every sample is charged to
 * the innermost frame of its stack that names a pipeline stage, else to the library or runtime
 * its leaf runs in. Prints ms and share per stage.
 *   tsx bench/heavy/profile-shares.ts FILE.cpuprofile
 */
import fs from "node:fs";

interface CallFrame { functionName: string; url: string }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

/** Pipeline stages by the functions that do them, first match from the leaf up. */
const STAGES: [string, RegExp][] = [
  ["decode", /^(decodeBody|sniffCharset|detectCharset)$/],
  ["segmentation (jieba)", /^(tokenize|cutForSearch|cut|cutWords|segment|joinUserTerms)$/],
  ["page vector and score", /^(pageVector|scoreTerms|pageTerms|scorePage|topicScorer)$/],
  ["SimHash", /^(simhash64|hash32|simhashBlocks)$/],
  ["main text", /^(extractMainText|pageText|measureBlocks|collectBlockText|squashBlockText)$/],
  ["link extraction and scoring", /^(nearbyTexts|canonicalizeUrl|linkRejections|scoreLinks|mimeFromExtension|collectTextUpTo|classifyPageKind)$/],
  ["parse (DOM)", /^(parseDocument|parseHtml|indexElements|flattenDeepNesting|cutHtml|extractTitle)$/],
  ["page store (client)", /^(storePage|storeNonPage|enqueueLinks|findDuplicate|capPageText|documentFromTerms|searchVectorSql|prepareRawBody)$/],
  ["claim (client)", /^(claimUrls|timedClaim)$/],
  ["fetch (undici)", /^(fetchUrl|readCapped)$/],
  ["raw body gzip (keep raw HTML)", /^(prepareRawBody|gzipSync|processChunk)$/],
  // V8 inlines the small helpers (linkRejections, the strategy's scoreLinks, the checksum) into their caller.
  ["link rules, link scoring, checksum (inlined)", /^buildPageRecord$/],
];
/** Leaves outside every stage, by where their code lives. */
const PLACES: [string, RegExp][] = [
  ["postgres client", /node_modules\/postgres\//],
  ["fetch (undici)", /node_modules\/undici\//],
  ["parse (DOM)", /node_modules\/(htmlparser2|domhandler|entities|domutils)\//],
  ["startup (module loading)", /^node:internal\/(modules|bootstrap)|esm\/hooks|node_modules\/(tsx|esbuild)\//],
];
/** Leaves that write to sockets (PostgreSQL's protocol, HTTP requests): the kernel's share of sending. */
const SOCKET_WRITES = /^(writeBuffer|writev|writeLatin1String|writeUtf8String|writeAsciiString)$/;

/** The stage or place a sample's stack belongs to. */
function classify(stack: CallFrame[]): string {
  for (const f of stack) for (const [name, re] of STAGES) if (re.test(f.functionName) && !f.url.includes("node_modules")) return name;
  const leaf = stack[0];
  if (SOCKET_WRITES.test(leaf.functionName)) return "socket writes (SQL, HTTP)";
  for (const [name, re] of PLACES) if (re.test(leaf.url)) return name;
  if (leaf.functionName === "(garbage collector)") return "garbage collection";
  if (leaf.functionName === "(idle)") return "idle (waiting on I/O)";
  if (leaf.functionName === "(program)") return "runtime (program)";
  return "other";
}

/** Milliseconds per stage, largest first, with each stage's share of the busy (non-idle) time. */
export function profileShares(file: string): { stage: string; ms: number; share: number }[] {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOf = new Map<number, string>();
  const totals = new Map<string, number>();
  p.samples.forEach((id, i) => {
    let stage = stageOf.get(id);
    if (!stage) {
      const stack: CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(byId.get(at)!.callFrame);
      stageOf.set(id, (stage = classify(stack)));
    }
    totals.set(stage, (totals.get(stage) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  const busy = [...totals].filter(([s]) => !s.startsWith("idle")).reduce((a, [, ms]) => a + ms, 0);
  return [...totals].map(([stage, ms]) => ({ stage, ms: Math.round(ms), share: stage.startsWith("idle") ? NaN : +(ms / busy).toFixed(3) }))
    .sort((a, b) => b.ms - a.ms);
}

if (process.argv[1]?.endsWith("profile-shares.ts")) console.table(profileShares(process.argv[2]));
