import { beforeAll, describe, expect, it } from "vitest";
import { api, expectMatchesOpenApi, expectProblem, getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";

beforeAll(seedSample);

const docIds = (board: { documents: { id: string }[] }) => board.documents.map((d) => d.id).sort();

describe("GET /boards/{number}", () => {
  it("finds a board by its number in any spelling, with its detail shape", async () => {
    for (const spelling of ["820-00165", "82000165", "820 00165", "820_00165", "820-00165".toLowerCase()]) {
      const { body } = await getJson(`/boards/${encodeURIComponent(spelling)}`, { lang: "en" });
      expect(body.data.number, spelling).toBe("820-00165");
    }
    const { body } = await getJson("/boards/820-00165", { lang: "en" });
    await expectMatchesOpenApi(body, "/boards/{number}", "get", 200);
    expect(body.data).toMatchObject({
      number: "820-00165",
      norm: "82000165",
      manufacturer: "Apple",
      url: `${ORIGIN}/en/boards/82000165`,
      status: "active",
      board_code: null,
      platform: 'MacBook Pro 13" 2016',
      codename: "J130",
    });
    expect([...body.data.aliases].sort()).toEqual(["820-00165-A", "X1C_MLB"]);
  });

  it("finds a board by an alias in any spelling", async () => {
    for (const alias of ["X1C_MLB", "x1c-mlb", "x1c mlb", "X1CMLB", "820-00165-a"]) {
      const { body } = await getJson(`/boards/${encodeURIComponent(alias)}`);
      expect(body.data.number, alias).toBe("820-00165");
    }
    for (const alias of ["NMA311", "nm a311", "nm-a311"]) {
      const { body } = await getJson(`/boards/${encodeURIComponent(alias)}`);
      expect(body.data).toMatchObject({
        number: "NM-A311",
        norm: "NMA311",
        manufacturer: "Lenovo",
        board_code: "EX470",
        platform: null,
        codename: null,
      });
    }
  });

  it("writes the board url in the request language", async () => {
    expect((await getJson("/boards/nma311", { lang: "es" })).body.data.url).toBe(`${ORIGIN}/es/placas/NMA311`);
    expect((await getJson("/boards/nma311", { lang: "en" })).body.data.url).toBe(`${ORIGIN}/en/boards/NMA311`);
  });

  it("lists only the documents the caller may see", async () => {
    const anonymous = await getJson("/boards/NM-A311");
    expect(anonymous.body.data.documents).toEqual([]);
    const alice = await getJson("/boards/NM-A311", { key: KEYS.aliceRead });
    expect(docIds(alice.body.data)).toEqual([SAMPLE_IDS.alicePrivate, SAMPLE_IDS.sharedBoardview].sort());
    await expectMatchesOpenApi(alice.body, "/boards/{number}", "get", 200);
    expect(alice.body.data.documents.every((d: any) => d.is_owner)).toBe(true);
    const bob = await getJson("/boards/NM-A311", { key: KEYS.bob });
    expect(docIds(bob.body.data)).toEqual([SAMPLE_IDS.sharedBoardview]);
    expect(bob.body.data.documents[0].is_owner).toBe(false);
    const carol = await getJson("/boards/NM-A311", { key: KEYS.carolAdmin });
    expect(carol.body.data.documents).toEqual([]);

    const apple = await getJson("/boards/82000165");
    expect(docIds(apple.body.data)).toEqual([SAMPLE_IDS.publicSchematic]);
    expect(apple.body.data.documents[0]).toMatchObject({ boards: ["820-00165"], visibility: "public", status: "available" });
  });

  it("answers 404 for an unknown board or a number with nothing to match", async () => {
    for (const path of ["/boards/999-99999", "/boards/NM-A312", `/boards/${encodeURIComponent("--")}`, `/boards/${encodeURIComponent("ñ")}`]) {
      const problem = await expectProblem(await api(path, { lang: "en" }), 404, "not-found");
      expect(problem.detail, path).toMatch(/board/);
    }
  });
});
