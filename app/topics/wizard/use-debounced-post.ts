"use client";
import { useEffect, useState } from "react";

/** What a debounced request gave: the last answer, the per-field errors of a 400, and whether one is on its way. */
export interface DebouncedResult<T> { data?: T; fields?: Record<string, string[]>; isLoading: boolean; failed?: boolean }

/**
 * POST `body` to `url` `delayMs` after it last changed (null: send nothing). Each change aborts
 * the request before it (AbortController), so a slow answer never overwrites a newer one.
 */
export function useDebouncedPost<T>(url: string, body: unknown | null, delayMs = 300): DebouncedResult<T> {
  const [result, setResult] = useState<DebouncedResult<T>>({ isLoading: false });
  const key = body === null ? null : JSON.stringify(body);
  useEffect(() => {
    if (key === null) {
      setResult({ isLoading: false });
      return;
    }
    const controller = new AbortController();
    setResult((r) => ({ ...r, isLoading: true }));
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(url, { method: "POST", body: key, headers: { "content-type": "application/json" }, signal: controller.signal });
        const json = await res.json();
        if (res.ok) setResult({ data: json as T, isLoading: false });
        else setResult({ fields: json.fields ?? { input: [json.error ?? String(res.status)] }, isLoading: false });
      } catch (err) {
        if ((err as Error).name !== "AbortError") setResult({ isLoading: false, failed: true });
      }
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url, key, delayMs]);
  return result;
}
