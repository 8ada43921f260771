import { getSql } from "@/lib/store/infra/sql";
import { readRenderStats } from "@/lib/store/render-stats";
import { renderMessages } from "@/lib/i18n/render-messages";
import { getT } from "../../i18n";

/** Which pages were rendered in the browser and what it cost, with the requests the guard refused (nothing while none was rendered). */
export async function RenderPanel({ jobId }: { jobId: number }) {
  const [{ locale }, s] = await Promise.all([getT(), readRenderStats(getSql(), jobId)]);
  if (s.pages === 0) return null;
  const m = renderMessages(locale);
  return (
    <div data-testid="render-panel" className="sm:col-span-2 text-slate-600">
      {m.summary.replace("{pages}", String(s.pages)).replace("{seconds}", (s.totalMs / 1000).toFixed(1))
        .replace("{avg}", String(Math.round(s.totalMs / s.pages))).replace("{requests}", String(s.requests)).replace("{timedOut}", String(s.timedOut))}
      {s.blocked.length > 0 && (
        <details data-testid="render-blocked" className="mt-1" open>
          <summary className="cursor-pointer text-amber-800">{m.blocked.replace("{n}", String(s.blockedTotal))}</summary>
          <ul className="mt-1 space-y-0.5 font-mono text-xs">
            {s.blocked.map((b, i) => <li key={i} className="break-all">{b.url} <span className="font-sans text-slate-500">{m.onPage.replace("{page}", b.page)}</span></li>)}
          </ul>
        </details>
      )}
    </div>
  );
}
