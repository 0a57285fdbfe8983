// A download without a usable FILES_SIGNING_KEY is the operator's mistake: a 503 problem naming the
// setting, and nothing counted (neither the document's downloads nor the account's cap of 3 a day).
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../src/index";
import { api, expectProblem, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { keepBackLogs } from "../helpers/console";
import { SPEC_LIMITS, useSettings } from "../helpers/settings";

const settings = useSettings(SPEC_LIMITS);
beforeAll(seedSample);
// Failures these tests provoke on purpose, logged by the Worker for operators: asserted, not printed.
keepBackLogs([/^configuration error: FILES_SIGNING_KEY is not set/]);

function downloadWith(signingKey: string | undefined): Promise<Response> {
  const request = new Request(`${ORIGIN}/api/v1/documents/${SAMPLE_IDS.sharedBoardview}/download`, {
    headers: { Authorization: `Bearer ${KEYS.bob}` },
  });
  return Promise.resolve(
    worker.fetch!(
      request as Request<unknown, IncomingRequestCfProperties>,
      { ...settings, FILES_SIGNING_KEY: signingKey as string },
      createExecutionContext(),
    ),
  );
}

const downloads = async () => (await getJson(`/documents/${SAMPLE_IDS.sharedBoardview}`, { key: KEYS.bob })).body.data.downloads as number;

describe("a download without a usable signing key", () => {
  it("is a 503 problem naming FILES_SIGNING_KEY, for a missing and for a weak key, and counts nothing", async () => {
    const before = await downloads();
    for (const key of [undefined, "", "short-key"]) {
      const res = await downloadWith(key);
      const problem = await expectProblem(res, 503, "unavailable");
      expect(problem.detail).toContain("FILES_SIGNING_KEY");
      expect(res.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    expect(await downloads()).toBe(before);
    // The whole cap (3 a day) is still there: the refused calls took none of it.
    for (let i = 0; i < 3; i++) expect((await api(`/documents/${SAMPLE_IDS.sharedBoardview}/download`, { key: KEYS.bob })).status).toBe(200);
    await expectProblem(await api(`/documents/${SAMPLE_IDS.sharedBoardview}/download`, { key: KEYS.bob }), 429, "download-cap-reached");
    expect(await downloads()).toBe(before + 3);
  });
});
