// The account forms' limits (FORM_RATE_PER_MINUTE 8 per address, MEMBER_RATE_PER_MINUTE 5 per account in this
// file's settings) and the site's Download button counting the same daily cap as the API's download (3 here).
import { beforeAll, describe, expect, it } from "vitest";
import { api, SAMPLE_IDS, seedSample } from "../helpers/app";
import { createKeyOnPage, newMember, send } from "../helpers/accounts";
import { hourApartEachTest } from "../helpers/clock";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

useSettings(SPEC_LIMITS);
beforeAll(seedSample);
hourApartEachTest(Date.UTC(2031, 0, 1));

let serial = 0;
const username = () => `limited${Date.now() % 100000}x${++serial}`;

describe("account form limits", () => {
  it("past FORM_RATE_PER_MINUTE posts from one address are refused with 429 and Retry-After; another address is not", async () => {
    const address = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await send("POST", "/en/account/sign-in/options", { json: {}, address })).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(429);
    const refused = await send("POST", "/en/account/sign-in/options", { json: {}, address });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.headers.get("RateLimit-Policy")).toContain('"forms";q=8;w=60');
    expect((await send("POST", "/en/account/sign-in/options", { json: {}, address: "198.51.100.8" })).status).toBe(200);
  });

  it("past MEMBER_RATE_PER_MINUTE posts of one account are refused whatever the address", async () => {
    const member = await newMember(username());
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const address = `203.0.113.${i + 1}`;
      statuses.push((await send("POST", "/en/account/keys", { cookie: member.cookie, form: { name: `k${i}` }, address })).status);
    }
    expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
  });
});

describe("the site's Download button and the daily cap", () => {
  it("counts on the same cap as the API's download: once it is reached, the page answers 429", async () => {
    const member = await newMember(username());
    const { token } = await createKeyOnPage(member.cookie, "script");
    expect((await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: token })).status).toBe(200);
    expect((await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: token })).status).toBe(200);
    const third = await send("POST", `/en/account/download/${SAMPLE_IDS.publicSchematic}`, { cookie: member.cookie, form: {} });
    expect(third.status).toBe(303);
    const fourth = await send("POST", `/en/account/download/${SAMPLE_IDS.publicSchematic}`, { cookie: member.cookie, form: {} });
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await fourth.text()).toContain("Download limit reached");
    expect((await api(`/documents/${SAMPLE_IDS.publicSchematic}/download`, { key: token })).status).toBe(429);
  });
});
