// A passkey ceremony is finished only for the purpose and the member it was started for: a registration's challenge
// signs no one in, and a ceremony started for one member (their session or their invite) adds no key for another.
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, seedSample } from "../helpers/app";
import { createMember, invite, newMember, send, sessionSet, signIn } from "../helpers/accounts";
import { SoftPasskey } from "../helpers/passkey";

beforeAll(seedSample);

let serial = 0;
const username = () => `ceremony${Date.now() % 100000}x${++serial}`;
// any: the server's options JSON, read loosely as a browser would.
type Started = { ceremony: string; options: any };

describe("a passkey ceremony's purpose", () => {
  it("a registration's challenge answered as a sign-in signs no one in", async () => {
    const member = await newMember(username());
    const started = await (await send("POST", "/en/account/passkeys/options", { cookie: member.cookie, json: {} })).json<Started>();
    // The member's own, valid passkey signs the registration's challenge, as a sign-in.
    const response = await member.passkey.signIn({ rpId: started.options.rp.id, challenge: started.options.challenge }, ORIGIN);
    const refused = await send("POST", "/en/account/sign-in", { json: { ceremony: started.ceremony, response } });
    expect(refused.status).toBe(422);
    expect(sessionSet(refused)).toBeUndefined();
    expect((await refused.json<{ error: string }>()).error).toMatch(/expired|already used/);
  });

  it("a sign-in's challenge answered as a registration adds no passkey", async () => {
    const member = await newMember(username());
    const started = await (await send("POST", "/en/account/sign-in/options", { json: {} })).json<Started>();
    const key = await SoftPasskey.create();
    const options = { rp: { id: started.options.rpId }, user: { id: "bWVtYmVy" }, challenge: started.options.challenge };
    const refused = await send("POST", "/en/account/passkeys", {
      cookie: member.cookie,
      json: { ceremony: started.ceremony, response: await key.register(options, ORIGIN) },
    });
    expect(refused.status).toBe(422);
    expect((await signIn(key)).res.status).toBe(401);
  });
});

describe("a passkey ceremony's member", () => {
  it("a registration started for member A and finished in member B's session is refused; no key is added to either", async () => {
    const a = await newMember(username());
    const b = await newMember(username());
    const started = await (await send("POST", "/en/account/passkeys/options", { cookie: a.cookie, json: {} })).json<Started>();
    const key = await SoftPasskey.create();
    const refused = await send("POST", "/en/account/passkeys", {
      cookie: b.cookie,
      json: { ceremony: started.ceremony, response: await key.register(started.options, ORIGIN) },
    });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ error: string }>()).error).toMatch(/another member/);
    expect((await signIn(key)).res.status).toBe(401);
  });

  it("a registration started with A's invite and finished with B's invite is refused: no key, no session", async () => {
    const [nameA, nameB] = [username(), username()];
    await createMember(nameA);
    await createMember(nameB);
    const [inviteA, inviteB] = [await invite(nameA), await invite(nameB)];
    const started = await (await send("POST", "/en/account/passkeys/options", { json: { invite: inviteA.token } })).json<Started>();
    const key = await SoftPasskey.create();
    const refused = await send("POST", "/en/account/passkeys", {
      json: { ceremony: started.ceremony, response: await key.register(started.options, ORIGIN), invite: inviteB.token },
    });
    expect(refused.status).toBe(403);
    expect(sessionSet(refused)).toBeUndefined();
    expect((await signIn(key)).res.status).toBe(401);
  });
});
