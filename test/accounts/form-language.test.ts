// The key and passkey forms' problems are said in the page's language: a Spanish page never shows English text.
import { beforeAll, describe, expect, it } from "vitest";
import { seedSample } from "../helpers/app";
import { newMember, send } from "../helpers/accounts";

beforeAll(seedSample);

let serial = 0;
const username = () => `lang${Date.now() % 100000}x${++serial}`;

const keyForm = (lang: "es" | "en", cookie: string, form: Record<string, string>) => send("POST", `/${lang}/account/keys`, { cookie, form });

describe("account form problems in the page's language", () => {
  it("a bad key name, a bad lifetime and the active-key limit answer in Spanish on /es and in English on /en", async () => {
    const member = await newMember(username());
    const badName = await keyForm("es", member.cookie, { name: "   " });
    expect(badName.status).toBe(422);
    const badNameHtml = await badName.text();
    expect(badNameHtml).toContain("Una clave necesita un nombre de 1 a 100 caracteres.");
    expect(badNameHtml).not.toContain("A key needs a name");
    const badDays = await keyForm("es", member.cookie, { name: "x", expires_days: "7" });
    expect(badDays.status).toBe(422);
    expect(await badDays.text()).toContain("Una clave caduca a los 30, 90, 365 días.");
    const english = await keyForm("en", member.cookie, { name: "x", expires_days: "7" });
    expect(await english.text()).toContain("A key expires after 30, 90, 365 days.");
    for (let i = 0; i < 10; i++) expect((await keyForm("es", member.cookie, { name: `k${i}` })).status).toBe(303);
    const over = await keyForm("es", member.cookie, { name: "k11" });
    expect(over.status).toBe(409);
    const overHtml = await over.text();
    expect(overHtml).toContain("Como mucho 10 claves activas: revoca una primero.");
    expect(overHtml).not.toContain("revoke one first");
  });

  it("removing the only passkey is refused in Spanish on /es", async () => {
    const member = await newMember(username());
    const last = await send("POST", `/es/account/remove-passkey/${member.passkey.credentialId}`, { cookie: member.cookie, form: {} });
    expect(last.status).toBe(409);
    const html = await last.text();
    expect(html).toContain("Es tu única llave de acceso: añade otra antes de quitarla.");
    expect(html).not.toContain("This is your only passkey");
  });

  it("a passkey call's problem is Spanish on /es and English on /en", async () => {
    const noSession = await send("POST", "/es/account/passkeys/options", { json: {} });
    expect(noSession.status).toBe(401);
    expect(await noSession.json()).toEqual({ error: "La llave de acceso no fue aceptada, o no has iniciado sesión." });
    const badInvite = await send("POST", "/es/account/passkeys/options", { json: { invite: "x".repeat(43) } });
    expect(badInvite.status).toBe(410);
    expect(await badInvite.json()).toEqual({ error: "Esta invitación caducó o ya se usó." });
    const notJson = await send("POST", "/es/account/sign-in", { headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(422);
    expect(((await notJson.json()) as { error: string }).error).toMatch(/^La solicitud de llave de acceso no es válida/);
    const english = await send("POST", "/en/account/passkeys/options", { json: { invite: "x".repeat(43) } });
    expect(await english.json()).toEqual({ error: "This invite has expired or was already used." });
  });
});
