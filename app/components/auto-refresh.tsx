"use client";
import { useEffect } from "react";
import { useRouter } from "next/navigation";

/** Re-render the server page every `everyMs` while the tab is visible (the workers page, the home page). */
export function AutoRefresh({ everyMs }: { everyMs: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, router]);
  return null;
}
