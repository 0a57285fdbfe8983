// Board knowledge through MCP with a real client over HTTP (issue 31): get_board shows threads, cases and the values
// table; get_board with `point` and the resource bds://board/{number}/point/{point} answer a point; a board's
// point names complete; boards are listed as resources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callError, callOk, connectV2 } from "../helpers/mcp";
import { CASE, seedBoardKnowledge, THREAD } from "../helpers/board-fixture";

let client: Awaited<ReturnType<typeof connectV2>>;
beforeAll(async () => {
  await seedBoardKnowledge();
  client = await connectV2();
});
afterAll(async () => {
  await client.close();
});

describe("board knowledge over MCP", () => {
  it("get_board shows the newest threads and cases and the values table", async () => {
    const result = await callOk(client, "get_board", { board: "bkt 100", lang: "en" });
    const text = result.content[0].text!;
    expect(text).toContain("## Newest forum threads (2 in all)");
    expect(text).toContain("## Newest repair cases (4 in all)");
    expect(text).toContain("| PPBUS_G3H | 4 | 0 | 12.6 V (4) |");
    const board = result.structuredContent.board as { threads: { id: string }[]; cases: { id: string }[] };
    expect(board.threads.map((t) => t.id)).toEqual([THREAD(2), THREAD(1)]);
    expect(board.cases.map((c) => c.id)).toEqual([CASE(4), CASE(3), CASE(2), CASE(1)]);
  });

  it("get_board with a point and the point resource answer the same values, whatever the spelling", async () => {
    const result = await callOk(client, "get_board", { board: "BKT-100", point: "ppbus g3h", lang: "en" });
    const point = result.structuredContent.point as { norm: string; measured: unknown; expected: unknown };
    expect(point.norm).toBe("PPBUSG3H");
    expect(point.measured).toEqual([{ value: "12.6 V", count: 4, kind: "voltage" }]);
    expect(result.content[0].text).toContain("| 12.6 V | measured, voltage | 4 |");
    const read = await client.readResource({ uri: "bds://board/BKT-100/point/PPBUS_G3H?lang=en" });
    expect((read.contents[0] as { text: string }).text).toBe(result.content[0].text);
    expect(await callError(client, "get_board", { board: "BKT-100", point: "PP5V_NOWHERE", lang: "en" })).toMatch(/Nothing public about/);
  });

  it("completes a board's point names and lists boards as resources", async () => {
    const template = "bds://board/{number}/point/{point}{?lang}";
    const complete = await client.complete({
      ref: { type: "ref/resource", uri: template },
      argument: { name: "point", value: "ppbus" },
      context: { arguments: { number: "bkt100" } },
    });
    expect(complete.completion.values).toEqual(["PPBUS_G3H"]);
    const designators = await client.complete({
      ref: { type: "ref/resource", uri: template },
      argument: { name: "point", value: "u" },
      context: { arguments: { number: "BKT-100" } },
    });
    expect(designators.completion.values).toEqual(["U7000"]);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(["bds://board/BKT-100", "bds://board/BKT-103"]));
    expect(resources.map((r) => r.uri)).not.toContain("bds://board/BKT-104");
  });
});
