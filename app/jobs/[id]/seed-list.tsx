import type { SeedOrigin, SeedOrigins } from "@/lib/jobs/seed-origins";
import type { SeedMessages } from "@/lib/i18n/seed-messages";

/** Seeds shown first this many; past it, collapsed (500 seeds pushed the counters 2,500 px down the page). */
const SEEDS_SHOWN = 5;

/** A seed's origin as a short badge: typed, a file, a search provider (its query and score on hover), an earlier job's site. */
function OriginBadge({ origin, s }: { origin: SeedOrigin; s: SeedMessages }) {
  const text = s[`origin_${origin.kind}`].replace("{provider}", origin.provider ?? "?");
  const title = origin.kind === "search" ? s.originSearchTitle.replace("{query}", origin.query ?? "").replace("{score}", origin.score?.toFixed(3) ?? "–") : undefined;
  return <span data-testid="seed-origin" data-origin={origin.kind} title={title}
    className="ml-1 rounded bg-slate-100 px-1 font-sans text-[11px] text-slate-600">{text}{title && <span className="sr-only"> ({title})</span>}</span>;
}

/** One seed with where it came from (a seed the job has no record of was typed). */
function Seed({ url, origins, s }: { url: string; origins: SeedOrigins; s: SeedMessages }) {
  return <span data-seed={url} className="mr-3 inline-block"><span className="break-all">{url}</span><OriginBadge origin={origins[url] ?? { kind: "manual" }} s={s} /></span>;
}

/** A job's seeds with their origins: all of them when few, else the first few and "show all N" that opens the rest. */
export function SeedList({ seeds, origins, labels, s }: { seeds: string[]; origins: SeedOrigins; labels: { seeds: string; showAll: string }; s: SeedMessages }) {
  const text = "font-mono text-xs";
  return (
    <div className="sm:col-span-2"><dt className="inline text-slate-500">{labels.seeds} ({seeds.length}): </dt>
      {seeds.length <= SEEDS_SHOWN ? <dd data-testid="job-seeds" className={`inline ${text}`}>{seeds.map((u) => <Seed key={u} url={u} origins={origins} s={s} />)}</dd> : (
        <dd data-testid="job-seeds" className="inline">
          <span className={text}>{seeds.slice(0, SEEDS_SHOWN).map((u) => <Seed key={u} url={u} origins={origins} s={s} />)}</span>
          <details data-testid="job-seeds-all" className="mt-1">
            <summary className="cursor-pointer text-teal-700">{labels.showAll.replace("{n}", String(seeds.length))}</summary>
            <ol className={`mt-1 max-h-64 list-decimal overflow-y-auto rounded border border-slate-200 bg-white py-1 pl-10 pr-2 ${text}`}>
              {seeds.map((u, i) => <li key={i}><Seed url={u} origins={origins} s={s} /></li>)}
            </ol>
          </details>
        </dd>
      )}
    </div>
  );
}
