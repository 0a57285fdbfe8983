// No one-time secret in a server log (docs/accounts.md, "Secrets stay out of addresses"): with every request
// logged (LOG_SAMPLE_RATE=1, as `npm run dev` runs), an invite's whole journey, a session and a new key's token
// leave no secret in any line the Worker writes. An old path-style link is spent and logged without its secret.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { seedSample } from "../helpers/app";
import { createKeyOnPage, createMember, invite, registerWithInvite, send } from "../helpers/accounts";
import { useSettings } from "../helpers/settings";

useSettings({ LOG_SAMPLE_RATE: "1" });
beforeAll(seedSample);

/** Every console line the Worker writes while `work` runs (the tests' isolate is the Worker's). */
async function serverLines<T>(work: () => Promise<T>): Promise<{ value: T; lines: string[] }> {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
  );
  try {
    return { value: await work(), lines };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const requestLines = (lines: string[]) => lines.filter((l) => l.includes('"type":"request"'));

describe("secrets stay out of the logs", () => {
  it("an invite used from its link, the session it starts and a key made after it: no secret in any log line", async () => {
    const name = `logged${Date.now() % 100000}`;
    await createMember(name);
    const { link, token } = await invite(name);
    const { value, lines } = await serverLines(async () => {
      // What a browser sends for the link: the fragment stays with it.
      const page = await send("GET", new URL(link).pathname + new URL(link).search);
      expect(page.status).toBe(200);
      expect(await page.text()).not.toContain(token);
      expect((await send("POST", "/en/account/invite", { json: { invite: token } })).status).toBe(200);
      const { res, member } = await registerWithInvite(token);
      expect(res.status).toBe(200);
      const key = await createKeyOnPage(member!.cookie, "logged");
      return { cookie: member!.cookie, key: key.token! };
    });
    expect(requestLines(lines).length).toBeGreaterThanOrEqual(5);
    for (const secret of [token, value.cookie, value.key]) expect(lines.filter((l) => l.includes(secret))).toEqual([]);
  });

  it("an old path-style link is spent, answered 410 in the page's language, and logged without its secret", async () => {
    const name = `oldlink${Date.now() % 100000}`;
    await createMember(name);
    const { token } = await invite(name);
    const { value: page, lines } = await serverLines(() => send("GET", `/es/invite/${token}`));
    expect(page.status).toBe(410);
    expect(await page.text()).toContain("formato antiguo");
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
    expect(requestLines(lines).some((l) => l.includes('"path":"/es/invite/…"'))).toBe(true);
    // Its secret reached the platform's own record of the address: it redeems nothing now.
    expect((await registerWithInvite(token)).res.status).toBe(410);
  });
});
