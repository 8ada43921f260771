import type { workflowMessages } from "@/lib/i18n/workflow-messages";

/** Pick two runs to compare (a GET form: the comparison's address can be kept and shared). */
export function CompareRuns({ workflowId, runs, m, picked = {}, hasTitle = true }: {
  workflowId: number; runs: number[]; m: ReturnType<typeof workflowMessages>;
  /** Runs chosen before (a refused pick): shown again when they are runs of the workflow. */
  picked?: { a?: number; b?: number };
  /** False where the page's own heading already says what the form is for. */
  hasTitle?: boolean;
}) {
  const pick = (n: number | undefined, fallback: number) => (n !== undefined && runs.includes(n) ? n : fallback);
  const select = "rounded border border-slate-300 bg-white px-2 py-1 text-sm";
  return (
    <form data-testid="compare-runs" action={`/workflows/${workflowId}/compare`} className="flex flex-wrap items-end gap-3 text-sm">
      {hasTitle && <span className="basis-full font-medium">{m.compare}</span>}
      <label className="flex items-center gap-2">{m.compareA}
        <select name="a" defaultValue={pick(picked.a, runs[1])} className={select}>{runs.map((r) => <option key={r} value={r}>#{r}</option>)}</select></label>
      <label className="flex items-center gap-2">{m.compareB}
        <select name="b" defaultValue={pick(picked.b, runs[0])} className={select}>{runs.map((r) => <option key={r} value={r}>#{r}</option>)}</select></label>
      <button className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100">{m.compareGo}</button>
    </form>
  );
}
