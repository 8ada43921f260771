"use client";
/** Judging a page from the list or the page view: PUT /api/jobs/:id/pages/:pageId/judgement. */
import { useEffect, useRef, useState } from "react";

/** Labels in the page's language. */
export interface JudgeLabels { relevant: string; irrelevant: string; clear: string; judgedRelevant: string; judgedIrrelevant: string; failed: string }

/** A page's judgement. */
export type JudgementValue = "relevant" | "irrelevant" | null;

/** Send a judgement; resolves to whether it was saved. */
export async function sendJudgement(jobId: number, pageId: string, judgement: JudgementValue): Promise<boolean> {
  const res = await fetch(`/api/jobs/${jobId}/pages/${pageId}/judgement`, {
    method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ judgement }),
  }).catch(() => null);
  return Boolean(res?.ok);
}

/**
 * Single-key shortcuts (r, i, j, k, x) on the whole window, ignored while typing in a field or with a modifier held.
 * `handle` returns false for a key it does not use. Returns whether the listener is attached: a key pressed before
 * the page is hydrated goes nowhere, so pages expose this as `data-keys` for anyone who needs to know.
 */
export function useShortcutKeys(handle: (key: string) => boolean): boolean {
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement)?.closest?.("input, textarea, select")) return;
      if (latest.current(e.key)) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return ready;
}

/** 相关 / 不相关 buttons showing the current judgement; a second press on the same one clears it. */
export function JudgeButtons({ value, onJudge, labels, isBusy }: {
  value: JudgementValue; onJudge: (j: JudgementValue) => void; labels: JudgeLabels; isBusy?: boolean;
}) {
  const base = "rounded border px-2 py-0.5 text-xs disabled:opacity-50";
  return (
    <span className="inline-flex items-center gap-1" data-judgement={value ?? "none"}>
      <button type="button" disabled={isBusy} aria-pressed={value === "relevant"} title={value === "relevant" ? labels.clear : labels.relevant}
        onClick={() => onJudge(value === "relevant" ? null : "relevant")}
        className={`${base} ${value === "relevant" ? "border-teal-600 bg-teal-600 text-white" : "border-slate-300 bg-white hover:bg-teal-50"}`}>
        {labels.relevant}
      </button>
      <button type="button" disabled={isBusy} aria-pressed={value === "irrelevant"} title={value === "irrelevant" ? labels.clear : labels.irrelevant}
        onClick={() => onJudge(value === "irrelevant" ? null : "irrelevant")}
        className={`${base} ${value === "irrelevant" ? "border-rose-600 bg-rose-600 text-white" : "border-slate-300 bg-white hover:bg-rose-50"}`}>
        {labels.irrelevant}
      </button>
    </span>
  );
}

/** The judging buttons of the page view, with their own state. */
export function PageJudge({ jobId, pageId, initial, labels }: { jobId: number; pageId: string; initial: JudgementValue; labels: JudgeLabels }) {
  const [value, setValue] = useState<JudgementValue>(initial);
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
  const judge = async (j: JudgementValue) => {
    setBusy(true);
    const ok = await sendJudgement(jobId, pageId, j);
    setBusy(false);
    setError(!ok);
    if (ok) setValue(j);
  };
  const keysReady = useShortcutKeys((key) => {
    if (key !== "r" && key !== "i") return false;
    void judge(key === "r" ? "relevant" : "irrelevant");
    return true;
  });
  return (
    <div data-testid="page-judge" data-keys={keysReady ? "ready" : "pending"} className="flex flex-wrap items-center gap-2 text-sm">
      <JudgeButtons value={value} onJudge={(j) => void judge(j)} labels={labels} isBusy={busy} />
      <span className="text-xs text-slate-500">{value === "relevant" ? labels.judgedRelevant : value === "irrelevant" ? labels.judgedIrrelevant : ""}</span>
      {error && <span role="alert" className="text-xs text-red-700">{labels.failed}</span>}
    </div>
  );
}
