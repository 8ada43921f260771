"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { localizeFieldErrors } from "@/lib/i18n/errors";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { ClassesStep } from "./classes-step";
import { emptyDraft, hasContent, STEPS, toDefinition, type Draft, type ExampleUrl, type Step } from "./draft";
import { fetchExample } from "./example-urls";
import { FieldErrors } from "./field-errors";
import { PreviewStep, type Preview } from "./preview-step";
import { RefineStep } from "./refine-step";
import { SaveStep } from "./save-step";
import { useDebouncedPost } from "./use-debounced-post";

/** Which step shows the errors of which definition field. */
const STEP_OF_FIELD: Record<string, Step> = { clc: "classes", keywords: "refine", negative: "refine", userDict: "refine", exampleTexts: "refine", exampleUrls: "refine" };

/**
 * The topic setup wizard: classes → words and examples → preview → save, each step at ?step=NAME.
 * The draft lives here (and in sessionStorage, so a reload keeps it); the preview is rebuilt
 * 300 ms after the draft last changed, the request before it cancelled.
 */
export function TopicWizard({ m, step, topicId, initialDraft }: { m: TopicMessages; step: Step; topicId?: number; initialDraft?: Draft }) {
  const storageKey = `focuscrawl.topic-draft.${topicId ?? "new"}`;
  const [draft, setDraft] = useState<Draft>(initialDraft ?? emptyDraft());
  const [isRestored, setRestored] = useState(false);
  const [saveFields, setSaveFields] = useState<Record<string, string[]>>({});
  const pathname = usePathname();
  useEffect(() => {
    const stored = sessionStorage.getItem(storageKey);
    if (stored) try { setDraft({ ...emptyDraft(), ...JSON.parse(stored) }); } catch { /* a draft from an older version: start afresh */ }
    setRestored(true);
  }, [storageKey]);
  useEffect(() => {
    // A draft over the browser's storage quota (a pasted 5 MB text) is simply not kept across reloads.
    if (isRestored) try { sessionStorage.setItem(storageKey, JSON.stringify(draft)); } catch { sessionStorage.removeItem(storageKey); }
  }, [draft, isRestored, storageKey]);

  // Example URLs of a saved topic being edited (or of a draft reloaded mid-fetch) are fetched again
  // once, whichever step is open, so that saving never drops them unseen.
  useEffect(() => {
    if (!isRestored) return;
    for (const u of draft.exampleUrls.filter((x) => x.state === "loading")) {
      void fetchExample(u.url, m.locale).then((r) => setDraft((d) => ({
        ...d, exampleUrls: d.exampleUrls.map((x) => (x.url === u.url && x.state === "loading" ? { ...r, error: r.error ?? m.urlFailed } : x)),
      })));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRestored]);

  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setUrls = (f: (u: ExampleUrl[]) => ExampleUrl[]) => setDraft((d) => ({ ...d, exampleUrls: f(d.exampleUrls) }));
  const definition = useMemo(() => toDefinition(draft), [draft]);
  const isPreviewing = isRestored && hasContent(draft) && step !== "classes";
  const preview = useDebouncedPost<Preview>("/api/topics/preview", isPreviewing ? definition : null);
  const fields = { ...(preview.fields ? localizeFieldErrors(preview.fields, m.locale) : {}), ...saveFields };
  const misplaced = Object.entries(fields).filter(([f]) => STEP_OF_FIELD[f] && STEP_OF_FIELD[f] !== step);
  const at = STEPS.indexOf(step);
  const href = (s: Step) => `${pathname}?step=${s}`;
  const stepLabel = (s: Step) => ({ classes: m.stepClasses, refine: m.stepRefine, preview: m.stepPreview, save: m.stepSave })[s];

  return (
    <div className="space-y-5">
      <nav aria-label={m.stepsLabel}>
        <ol className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((s, i) => (
            <li key={s}>
              <Link href={href(s)} aria-current={s === step ? "step" : undefined} scroll={false}
                className={`inline-block rounded-full border px-3 py-1 ${s === step ? "border-teal-700 bg-teal-700 text-white" : "border-slate-300 bg-white hover:border-teal-600"}`}>
                {i + 1}. {stepLabel(s)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      {misplaced.length > 0 && (
        <div role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
          {misplaced.map(([f, list]) => (
            <p key={f}>
              <Link href={href(STEP_OF_FIELD[f])} className="underline">{stepLabel(STEP_OF_FIELD[f])}</Link>: {list.join("；")}
            </p>
          ))}
        </div>
      )}
      {step === "classes" && <ClassesStep m={m} isEnglish={m.locale === "en"} classes={draft.classes} onChange={(classes) => update({ classes })} errors={fields.clc} />}
      {step === "refine" && <RefineStep m={m} draft={draft} update={update} setUrls={setUrls} errors={fields} />}
      {step === "preview" && <PreviewStep m={m} draft={draft} update={update} preview={preview.data} isLoading={preview.isLoading} definition={definition} />}
      {step === "save" && (
        <>
          {!hasContent(draft) && <FieldErrors list={[m.emptyTopic]} testId="error-empty" />}
          <SaveStep m={m} draft={draft} update={update} definition={definition} topicId={topicId} preview={preview.data}
            onErrors={setSaveFields} onSaved={() => { setSaveFields({}); sessionStorage.removeItem(storageKey); }} />
        </>
      )}
      <div className="flex justify-between border-t border-slate-200 pt-3">
        {at > 0 ? <Link href={href(STEPS[at - 1])} scroll={false} className="text-sm text-teal-800 underline">← {stepLabel(STEPS[at - 1])}</Link> : <span />}
        {at < STEPS.length - 1 && (
          <Link href={href(STEPS[at + 1])} scroll={false} data-testid="next-step" className="rounded bg-teal-700 px-4 py-2 text-sm text-white hover:bg-teal-800">
            {m.next}: {stepLabel(STEPS[at + 1])} →
          </Link>
        )}
      </div>
    </div>
  );
}
