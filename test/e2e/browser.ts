// What both end-to-end scripts share: the server under test, where screenshots go, and Debian's Chromium
// started headless with the flags this machine needs (no background networking: the network is closed).
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
export const SHOTS = join(import.meta.dirname, "screenshots");

export interface Browser {
  context: BrowserContext;
  /** Closes the browser and removes its throw-away profile. */
  close(): Promise<void>;
}

export async function openBrowser(options: { locale?: string } = {}): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), "bds-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
