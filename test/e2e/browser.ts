// What both end-to-end scripts share: the server under test, where screenshots go, and a headless Chromium
// started with the flags this machine needs (no background networking: the network is closed).
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:8787";
export const SHOTS = join(import.meta.dirname, "screenshots");

export interface Browser {
  context: BrowserContext;
  /** Closes the browser and removes its throw-away profile. */
  close(): Promise<void>;
}

const CLOSED_NETWORK_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * $CHROMIUM, else Debian's chromium, else the one @sparticuz/chromium ships inside its npm package: CI reaches
 * only the npm registry, so it can neither apt-get a browser nor let a tool download one.
 */
async function chromiumToRun(): Promise<{ executablePath: string; args: string[] }> {
  const chosen = process.env.CHROMIUM || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : "");
  if (chosen) return { executablePath: chosen, args: ["--headless", ...CLOSED_NETWORK_FLAGS] };
  const packaged = (await import("@sparticuz/chromium")).default;
  return { executablePath: await packaged.executablePath(), args: [...packaged.args, ...CLOSED_NETWORK_FLAGS] };
}

export async function openBrowser(options: { locale?: string } = {}): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  const userDataDir = mkdtempSync(join(tmpdir(), "bds-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...(await chromiumToRun()),
    headless: true,
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

/** A platform passkey that verifies its user (Chrome's virtual authenticator), for the page's sign-in ceremonies. */
export async function addPasskeyAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
