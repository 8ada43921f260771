"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { Draft } from "./draft";
import { FieldErrors } from "./field-errors";
import type { Preview } from "./preview-step";
import type { SeedOrigins } from "@/lib/jobs/seed-origins";
import type { SeedCandidate } from "@/lib/seeds/candidates";
import { seedMessages } from "@/lib/i18n/seed-messages";
import { SeedCandidates } from "@/app/jobs/new/seed-candidates";

/** The new-job form's address for a saved topic, with the candidate seeds picked here. */
function newJobHref(topicId: number, picks: SeedOrigins): string {
  const base = `/jobs/new?topicId=${topicId}`;
  return Object.keys(picks).length ? `${base}&picks=${encodeURIComponent(JSON.stringify(picks))}` : base;
}

/** Candidate seeds for the topic being saved; the picks go to the new-job form with it. */
function CandidatePicker({ m, definition, picks, setPicks }: {
  m: TopicMessages; definition: Record<string, unknown>; picks: SeedOrigins; setPicks: (f: (p: SeedOrigins) => SeedOrigins) => void;
}) {
  const toggle = (c: SeedCandidate, query: string) => setPicks((p) => {
    if (p[c.url]) return Object.fromEntries(Object.entries(p).filter(([u]) => u !== c.url));
    return { ...p, [c.url]: { kind: "search", provider: c.provider, query: query.slice(0, 500), score: Math.min(1, Math.max(0, c.score)) } };
  });
  const n = Object.keys(picks).length;
  return (
    <div className="max-w-xl">
      <SeedCandidates locale={m.locale} searchBody={() => definition} isPicked={(c) => Boolean(picks[c.url])} onToggle={toggle} />
      {n > 0 && <p data-testid="picked-count" className="mt-1 text-xs text-teal-800">{seedMessages(m.locale).picked.replace("{n}", String(n))}</p>}
    </div>
  );
}

/** The threshold a new draft starts with (emptyDraft). */
const DEFAULT_THRESHOLD_TEXT = "0.035";
const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

/**
 * Step 4: name, description and threshold (with a suggestion from the examples when there are
 * three or more), then save: POST a new topic, or PUT a new version of
 * the topic being edited. Errors come back per field, and whatever was wrong, nothing is saved.
 */
export function SaveStep({ m, draft, update, definition, topicId, preview, onSaved, onErrors }: {
  m: TopicMessages; draft: Draft; update: (patch: Partial<Draft>) => void; definition: Record<string, unknown>; topicId?: number; preview?: Preview;
  onSaved: () => void; onErrors: (fields: Record<string, string[]>) => void;
}) {
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState<{ id: number; version: number }>();
  const [isSaving, setSaving] = useState(false);
  const [picks, setPicks] = useState<SeedOrigins>({});
  // A topic of classes alone takes its classes' threshold unless the person set one (0.035 suits class names alone, not their field words).
  const classThreshold = preview?.suggestionBasis === "classes" ? preview.suggestedThreshold : null;
  useEffect(() => {
    if (classThreshold != null && draft.pageThreshold === DEFAULT_THRESHOLD_TEXT) update({ pageThreshold: String(classThreshold) });
  }, [classThreshold, draft.pageThreshold, update]);
  const save = async () => {
    setSaving(true);
    try {
      const res = await fetch(topicId ? `/api/topics/${topicId}` : "/api/topics", {
        method: topicId ? "PUT" : "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...definition, exampleUrlTexts: undefined, name: draft.name, description: draft.description, pageThreshold: draft.pageThreshold }),
      });
      const body = await res.json();
      if (!res.ok) {
        const fields = localizeFieldErrors(body.fields ?? { name: [body.error] }, m.locale);
        setErrors(fields);
        onErrors(fields);
        return;
      }
      setErrors({});
      setSaved({ id: body.topic.id, version: body.topic.version });
      onSaved();
    } catch {
      setErrors({ save: [m.saveFailed] });
    } finally {
      setSaving(false);
    }
  };
  const elsewhere = Object.keys(errors).filter((k) => !["name", "description", "pageThreshold", "save"].includes(k));
  // The candidate picker stays in place when the topic is saved, its results and picks with it.
  return (
    <div className="space-y-4">
      {saved ? <SavedBox m={m} name={draft.name} saved={saved} picks={picks} /> : saveForm()}
      <CandidatePicker m={m} definition={definition} picks={picks} setPicks={setPicks} />
    </div>
  );

  function saveForm() {
    return (
    <div className="max-w-xl space-y-4">
      <label className="block text-sm">
        <span className="font-medium">{m.nameLabel}</span>
        <input value={draft.name} onChange={(e) => update({ name: e.target.value })} className={input} />
        <FieldErrors list={errors.name} testId="error-name" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">{m.descriptionLabel}</span>
        <textarea rows={3} value={draft.description} onChange={(e) => update({ description: e.target.value })} className={input} />
        <FieldErrors list={errors.description} testId="error-description" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">{m.thresholdLabel}</span> <span className="text-xs text-slate-500">{m.thresholdHint}</span>
        <input inputMode="decimal" value={draft.pageThreshold} onChange={(e) => update({ pageThreshold: e.target.value })} className={input} />
        <FieldErrors list={errors.pageThreshold} testId="error-pageThreshold" />
      </label>
      <p data-testid="threshold-suggestion" className="text-xs text-slate-600">
        {preview?.suggestedThreshold != null ? (
          <>
            {(preview.suggestionBasis === "classes" ? m.thresholdFromClasses : m.thresholdSuggested).replace("{t}", String(preview.suggestedThreshold)).replace("{n}", String(preview.exampleScores.length))}{" "}
            <button type="button" onClick={() => update({ pageThreshold: String(preview.suggestedThreshold) })}
              className="rounded border border-teal-700 px-2 py-0.5 text-teal-800 hover:bg-teal-50">{m.thresholdUse}</button>
          </>
        ) : m.thresholdNoSuggestion}
      </p>
      {elsewhere.length > 0 && <FieldErrors list={[m.fixOtherSteps]} testId="error-other-steps" />}
      <FieldErrors list={errors.save} />
      <button type="button" onClick={save} disabled={isSaving} className="rounded bg-teal-700 px-4 py-2 text-sm text-white hover:bg-teal-800 disabled:opacity-50">
        {topicId ? m.saveVersion : m.save}
      </button>
    </div>
    );
  }
}

/** What a saved topic shows: its name and version, and the way on to a crawl with the seeds picked. */
function SavedBox({ m, name, saved, picks }: { m: TopicMessages; name: string; saved: { id: number; version: number }; picks: SeedOrigins }) {
  return (
    <div role="status" className="space-y-3 rounded border border-teal-200 bg-teal-50 p-4">
      <p>{m.savedAs.replace("{name}", name).replace("{version}", String(saved.version))}</p>
      <p className="flex flex-wrap gap-3">
        <Link href={newJobHref(saved.id, picks)} className="rounded bg-teal-700 px-4 py-2 text-sm text-white hover:bg-teal-800">{m.startCrawl}</Link>
        <Link href="/topics" className="rounded border border-teal-700 px-4 py-2 text-sm text-teal-800">{m.toLibrary}</Link>
      </p>
    </div>
  );
}
