"use client";
import { useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { Draft, ExampleUrl, Keyword } from "./draft";
import { ClassSuggestions } from "./class-suggestions";
import { ExampleUrls } from "./example-urls";
import { FieldErrors } from "./field-errors";

/** Most keywords a topic takes (TopicDefinitionSchema); more are refused here before anything is sent. */
const MAX_KEYWORDS = 500;
/** Longest example text (MAX_EXAMPLE_TEXT_CHARS in lib/topic/topic.ts). */
export const MAX_EXAMPLE_CHARS = 200_000;
const WEIGHTS = [0.5, 1, 2, 3, 5];
const input = "w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none";

function Keywords({ m, keywords, onChange, errors }: { m: TopicMessages; keywords: Keyword[]; onChange: (k: Keyword[]) => void; errors?: string[] }) {
  const [text, setText] = useState("");
  const [tooMany, setTooMany] = useState(false);
  const add = () => {
    const fresh = text.split(/[,，、;；\n]/).map((s) => s.trim()).filter((s) => s && !keywords.some((k) => k.term === s));
    const unique = [...new Set(fresh)];
    if (keywords.length + unique.length > MAX_KEYWORDS) return setTooMany(true);
    setTooMany(false);
    onChange([...keywords, ...unique.map((term) => ({ term, weight: 1 }))]);
    setText("");
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{m.keywordsLabel} <span className="text-xs font-normal text-slate-500">{m.keywordsHint}</span></legend>
      <div className="flex gap-2">
        <input aria-label={m.keywordsLabel} value={text} onChange={(e) => setText(e.target.value)} className={input}
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); add(); } }} />
        <button type="button" onClick={add} className="shrink-0 rounded border border-teal-700 px-3 text-sm text-teal-800 hover:bg-teal-50">{m.add}</button>
      </div>
      {tooMany && <FieldErrors list={[m.tooManyKeywords.replace("{n}", String(MAX_KEYWORDS))]} testId="error-keywords-count" />}
      <FieldErrors list={errors} testId="error-keywords" />
      <ul className="flex flex-wrap gap-2">
        {keywords.map((k, i) => (
          <li key={k.term} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm">
            <span>{k.term}</span>
            <select aria-label={m.weightOf.replace("{term}", k.term)} value={k.weight} className="rounded bg-transparent text-xs"
              onChange={(e) => onChange(keywords.map((x, j) => (j === i ? { ...x, weight: Number(e.target.value) } : x)))}>
              {[...new Set([...WEIGHTS, k.weight])].sort((a, b) => a - b).map((w) => <option key={w} value={w}>×{w}</option>)}
            </select>
            <button type="button" aria-label={m.removeKeyword.replace("{term}", k.term)} onClick={() => onChange(keywords.filter((_, j) => j !== i))}
              className="rounded px-1 text-slate-500 hover:bg-slate-200">×</button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ExampleTexts({ m, texts, onChange, errors }: { m: TopicMessages; texts: string[]; onChange: (t: string[]) => void; errors?: string[] }) {
  const [fileError, setFileError] = useState<string>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.txt$/i.test(file.name) && file.type !== "text/plain") return setFileError(m.fileNotText.replace("{name}", file.name));
    const text = await file.text();
    if (text.length > MAX_EXAMPLE_CHARS) return setFileError(m.fileTooLong.replace("{name}", file.name).replace("{n}", String(MAX_EXAMPLE_CHARS)));
    setFileError(undefined);
    onChange([...texts, text]);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{m.examplesLabel} <span className="text-xs font-normal text-slate-500">{m.examplesHint}</span></legend>
      {texts.map((t, i) => (
        <div key={i} className="flex gap-2">
          <textarea aria-label={`${m.examplesLabel} ${i + 1}`} rows={3} value={t} className={input}
            onChange={(e) => onChange(texts.map((x, j) => (j === i ? e.target.value : x)))} />
          <button type="button" aria-label={m.removeExample} onClick={() => onChange(texts.filter((_, j) => j !== i))}
            className="self-start rounded px-2 text-slate-500 hover:bg-slate-200">×</button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => onChange([...texts, ""])} className="rounded border border-teal-700 px-3 py-1 text-sm text-teal-800 hover:bg-teal-50">{m.addExample}</button>
        {/* The native file input's own label is in the browser's language, not the interface's: hide it behind ours. */}
        <label className="cursor-pointer rounded border border-slate-300 px-3 py-1 text-sm text-slate-700 focus-within:ring-1 focus-within:ring-teal-600 hover:bg-slate-50">
          {m.uploadTxt}
          <input type="file" accept=".txt,text/plain" className="sr-only" onChange={(e) => { void upload(e.target.files?.[0]); e.target.value = ""; }} />
        </label>
      </div>
      <FieldErrors list={fileError ? [fileError] : undefined} testId="error-example-file" />
      <FieldErrors list={errors} testId="error-exampleTexts" />
    </fieldset>
  );
}

/** Step 2: weighted keywords, negative words, the user dictionary, example texts and example pages. */
export function RefineStep({ m, draft, update, setUrls, errors }: {
  m: TopicMessages; draft: Draft; update: (patch: Partial<Draft>) => void; errors: Record<string, string[]>;
  setUrls: (f: (u: ExampleUrl[]) => ExampleUrl[]) => void;
}) {
  return (
    <div className="space-y-5">
      <ClassSuggestions m={m} draft={draft} update={update} />
      <Keywords m={m} keywords={draft.keywords} onChange={(keywords) => update({ keywords })} errors={errors.keywords} />
      <label className="block text-sm">
        <span className="font-medium">{m.negativeLabel}</span> <span className="text-xs text-slate-500">{m.negativeHint}</span>
        <input value={draft.negative} onChange={(e) => update({ negative: e.target.value })} className={input} />
        <FieldErrors list={errors.negative} testId="error-negative" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">{m.userDictLabel}</span> <span className="text-xs text-slate-500">{m.userDictHint}</span>
        <input value={draft.userDict} onChange={(e) => update({ userDict: e.target.value })} className={input} />
        <FieldErrors list={errors.userDict} testId="error-userDict" />
      </label>
      <ExampleTexts m={m} texts={draft.exampleTexts} onChange={(exampleTexts) => update({ exampleTexts })} errors={errors.exampleTexts} />
      <ExampleUrls m={m} urls={draft.exampleUrls} setUrls={setUrls} errors={errors.exampleUrls} />
    </div>
  );
}
