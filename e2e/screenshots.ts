/** Screenshots for the docs and for looking at a change: E2E_SCREENSHOTS=<dir> turns them on. */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * Screenshots of the page at 1280 and 390 px in Chinese and English, each after a reload and then
 * `prepare` (wait for a panel, fill a form in again); nothing may be wider than the screen.
 */
export async function shoot(page: Page, name: string, opts: { fullPage?: boolean; prepare?: () => Promise<void> } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [lang, width, height] of [["zh-CN", 1280, 1000], ["zh-CN", 390, 1400], ["en", 1280, 1000], ["en", 390, 1400]] as const) {
    await page.context().addCookies([{ name: "lang", value: lang, url: new URL("/", page.url()).href }]);
    await page.setViewportSize({ width, height });
    await page.reload();
    await opts.prepare?.();
    await page.screenshot({ path: path.join(dir, `${name}-${lang}-${width}.png`), fullPage: opts.fullPage });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.context().addCookies([{ name: "lang", value: "zh-CN", url: new URL("/", page.url()).href }]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
}
