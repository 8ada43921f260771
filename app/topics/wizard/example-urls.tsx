"use client";
import { useState } from "react";
import { localizeError } from "@/lib/i18n/errors";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import type { ExampleUrl } from "./draft";
import { FieldErrors } from "./field-errors";

/** Most example URLs a topic takes (TopicDefinitionSchema). */
const MAX_URLS = 20;

/** Fetch one example URL through the API (the crawler's fetcher and its guards). */
export async function fetchExample(url: string, locale: TopicMessages["locale"]): Promise<ExampleUrl> {
  try {
    const res = await fetch("/api/topics/example-url", { method: "POST", body: JSON.stringify({ url }), headers: { "content-type": "application/json" } });
    const body = await res.json();
    if (!res.ok) return { url, state: "error", error: localizeError(body.fields?.exampleUrls?.[0] ?? body.error, locale) };
    return { url: body.url, state: "ok", title: body.title, text: body.text };
  } catch {
    return { url, state: "error" };
  }
}

/** Example pages: each URL is fetched as soon as it is added and shown with its text or why it failed. */
export function ExampleUrls({ m, urls, setUrls, errors }: {
  m: TopicMessages; urls: ExampleUrl[]; setUrls: (f: (u: ExampleUrl[]) => ExampleUrl[]) => void; errors?: string[];
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const start = (url: string) => {
    void fetchExample(url, m.locale).then((r) => setUrls((list) => list.map((u) => (u.url === url && u.state === "loading" ? { ...r, error: r.error ?? m.urlFailed } : u))));
  };
  const add = () => {
    const url = text.trim();
    if (!url) return;
    if (urls.some((u) => u.url === url)) return setProblem(m.urlDuplicate);
    if (urls.length >= MAX_URLS) return setProblem(m.tooManyUrls.replace("{n}", String(MAX_URLS)));
    setProblem(undefined);
    setUrls((list) => [...list, { url, state: "loading" }]);
    setText("");
    start(url);
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{m.urlsLabel} <span className="text-xs font-normal text-slate-500">{m.urlsHint}</span></legend>
      <div className="flex gap-2">
        <input aria-label={m.urlsLabel} value={text} onChange={(e) => setText(e.target.value)} placeholder="https://"
          onKeyDown={(e) => { if (e.key === "Enter") { e.preventDefault(); add(); } }}
          className="w-full rounded border border-slate-300 px-2 py-1.5 font-mono text-sm focus:border-teal-600 focus:outline-none" />
        <button type="button" onClick={add} className="shrink-0 rounded border border-teal-700 px-3 text-sm text-teal-800 hover:bg-teal-50">{m.fetchUrl}</button>
      </div>
      <FieldErrors list={problem ? [problem] : errors} testId="error-exampleUrls" />
      <ul className="space-y-2">
        {urls.map((u) => (
          <li key={u.url} data-testid="example-url" className="rounded border border-slate-200 bg-white p-2 text-sm">
            <div className="flex items-start gap-2">
              <span className="min-w-0 flex-1 break-all font-mono text-xs">{u.url}</span>
              <button type="button" aria-label={m.removeUrl} onClick={() => setUrls((list) => list.filter((x) => x.url !== u.url))}
                className="rounded px-1 text-slate-500 hover:bg-slate-200">×</button>
            </div>
            {u.state === "loading" && <p className="text-xs text-slate-500">{m.fetching}</p>}
            {u.state === "error" && <p role="alert" className="text-xs text-red-700">{u.error}</p>}
            {u.state === "ok" && (
              <details className="mt-1 text-xs text-slate-600">
                <summary className="cursor-pointer"><span className="font-medium">{u.title || m.untitled}</span> · {m.extractedChars.replace("{n}", String(u.text?.length ?? 0))}</summary>
                <p className="mt-1 max-h-40 overflow-y-auto whitespace-pre-wrap break-words">{u.text?.slice(0, 2000)}</p>
              </details>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
