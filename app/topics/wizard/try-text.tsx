"use client";
import { useEffect, useState } from "react";
import { localizeError, localizeFieldErrors } from "@/lib/i18n/errors";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { FieldErrors } from "./field-errors";
import { useDebouncedPost } from "./use-debounced-post";

/** The score API's answer: for a class topic, `field` says how it was weighed and lifted (docs/ALGORITHMS.md §1.3c–d). */
interface Score { relevance: number; terms: { term: string; share: number }[]; field?: { posterior?: number; lift?: number; words?: number } }
type Page = { title: string; text: string } | { error: string };

const URL_ONLY = /^https?:\/\/\S+$/i;

/** The page at a pasted URL, fetched through the crawler's guards (debounced, the stale request aborted). */
function usePageAt(url: string | null, m: TopicMessages): Page | undefined {
  const [page, setPage] = useState<Page>();
  useEffect(() => {
    setPage(undefined);
    if (!url) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch("/api/topics/example-url", { method: "POST", body: JSON.stringify({ url }), headers: { "content-type": "application/json" }, signal: controller.signal });
        const body = await res.json();
        setPage(res.ok ? { title: body.title, text: body.text } : { error: localizeError(body.fields?.exampleUrls?.[0] ?? body.error, m.locale) });
      } catch (err) {
        if ((err as Error).name !== "AbortError") setPage({ error: m.urlFailed });
      }
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, m.locale, m.urlFailed]);
  return page;
}

/**
 * "Try a text": scores pasted text, or the page at a pasted URL, against the draft as the crawler
 * would score a page, and says which terms made the score.
 */
export function TryText({ m, definition, threshold }: { m: TopicMessages; definition: unknown; threshold: number }) {
  const [text, setText] = useState("");
  const url = URL_ONLY.test(text.trim()) ? text.trim() : null;
  const page = usePageAt(url, m);
  const scored = url ? (page && "text" in page ? page : null) : text.trim() ? { title: "", text } : null;
  const result = useDebouncedPost<Score>("/api/topics/score", scored && definition ? { topic: definition, ...scored } : null);
  const score = scored ? result.data : undefined;
  const fields = result.fields ? localizeFieldErrors(result.fields, m.locale) : undefined;
  return (
    <section className="space-y-2">
      <h2 className="font-medium">{m.tryTitle}</h2>
      <textarea aria-label={m.tryTitle} rows={6} value={text} onChange={(e) => setText(e.target.value)} placeholder={m.tryPlaceholder}
        className="w-full rounded border border-slate-300 px-2 py-1.5 text-sm focus:border-teal-600 focus:outline-none" />
      <FieldErrors list={page && "error" in page ? [page.error] : fields?.text} />
      {url && page && "text" in page && <p className="text-xs text-slate-500">{m.tryPage.replace("{title}", page.title || m.untitled).replace("{n}", String(page.text.length))}</p>}
      {score && (
        <div data-testid="try-result" className="rounded border border-slate-200 bg-white p-2 text-sm">
          <p>
            {m.tryRelevance} <strong>{score.relevance.toFixed(3)}</strong>{" "}
            <span className={score.relevance >= threshold ? "text-teal-700" : "text-slate-500"}>
              {(score.relevance >= threshold ? m.tryAbove : m.tryBelow).replace("{t}", String(threshold))}
            </span>
          </p>
          {score.terms.length > 0 && (
            <p className="mt-1 text-xs text-slate-600">{m.tryTerms} {score.terms.map((t) => `${t.term} ${Math.round(t.share * 100)}%`).join("，")}</p>
          )}
          {typeof score.field?.posterior === "number" && typeof score.field.lift === "number" && typeof score.field.words === "number" && (
            <p data-testid="try-posterior" className="mt-1 text-xs text-slate-600">
              {m.tryPosteriorWords.replace("{p}", score.field.posterior.toFixed(2))
                .replace("{words}", String(score.field.words)).replace("{lift}", score.field.lift.toFixed(2))}</p>
          )}
        </div>
      )}
    </section>
  );
}
