/** Seeds shown first this many; past it, collapsed (500 seeds pushed the counters 2,500 px down the page). */
const SEEDS_SHOWN = 5;

/** A job's seeds: all of them when few, else the first few and "show all N" that opens the rest. */
export function SeedList({ seeds, labels }: { seeds: string[]; labels: { seeds: string; showAll: string } }) {
  const text = "break-all font-mono text-xs";
  return (
    <div className="sm:col-span-2"><dt className="inline text-slate-500">{labels.seeds} ({seeds.length}): </dt>
      {seeds.length <= SEEDS_SHOWN ? <dd data-testid="job-seeds" className={`inline ${text}`}>{seeds.join("  ")}</dd> : (
        <dd data-testid="job-seeds" className="inline">
          <span className={text}>{seeds.slice(0, SEEDS_SHOWN).join("  ")}</span>
          <details data-testid="job-seeds-all" className="mt-1">
            <summary className="cursor-pointer text-teal-700">{labels.showAll.replace("{n}", String(seeds.length))}</summary>
            <ol className={`mt-1 max-h-64 list-decimal overflow-y-auto rounded border border-slate-200 bg-white py-1 pl-10 pr-2 ${text}`}>
              {seeds.map((s, i) => <li key={i}>{s}</li>)}
            </ol>
          </details>
        </dd>
      )}
    </div>
  );
}
