import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMatchesOpenApi, getJson, seedSample } from "./helpers/app";

beforeAll(seedSample);

describe("smoke", () => {
  it("works", async () => {
    const { body } = await getJson("/search?q=U7000");
    console.log(JSON.stringify(body, null, 1));
    await expectMatchesOpenApi(body, "/search", "get", 200);
    const r = await api("/search?q=820-00165");
    console.log(await r.text());
  });
});
