// The one list of boardview formats (src/boardview-formats/list.ts, a line per module): the reading order, the
// catalogue, the accepted extensions, the refusal's message and the OpenAPI description all follow it.
import { describe, expect, it } from "vitest";
import { BOARDVIEW_CATALOGUE, BOARDVIEW_EXTENSIONS, BOARDVIEW_FORMAT_IDS, READING_ORDER, readBoardview } from "../../src/boardview-formats";
import * as LISTED from "../../src/boardview-formats/list";
import { FORMATS } from "../../src/content/formats";
import { getJson } from "../helpers/app";

describe("the list of boardview formats", () => {
  it("tries every listed module once, in the order the modules state, each id in one catalogue entry", () => {
    expect(new Set(READING_ORDER)).toEqual(new Set(Object.values(LISTED)));
    const orders = READING_ORDER.map((f) => f.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    expect(new Set(BOARDVIEW_FORMAT_IDS).size).toBe(BOARDVIEW_FORMAT_IDS.length);
    expect(BOARDVIEW_CATALOGUE.map((e) => e.format)).toEqual(READING_ORDER.flatMap((f) => f.catalogue.map((e) => e.format)));
  });

  it("accepts every format's extensions for upload (a boardview, or the archive an ASUS board comes in)", () => {
    for (const extension of BOARDVIEW_EXTENSIONS) {
      const row = FORMATS.find((f) => f.extension === extension);
      expect(row?.type, extension).toBe(extension === "zip" ? "archive" : "boardview");
    }
    expect(FORMATS.map((f) => f.extension)).toEqual([...new Set(FORMATS.map((f) => f.extension))]);
  });

  it("names every format in the refusal of a file none reads", () => {
    const read = readBoardview(new TextEncoder().encode("nothing a boardview reader knows\n".repeat(4)));
    if (read.kind !== "unreadable") throw new Error("read as a board");
    for (const entry of BOARDVIEW_CATALOGUE) expect(read.reason).toContain(entry.name);
  });

  it("names every format id in the OpenAPI description of a boardview format's id", async () => {
    const { body: doc } = await getJson("/openapi.json");
    const description: string = doc.components.schemas.BoardviewFormat.properties.format.description;
    for (const id of BOARDVIEW_FORMAT_IDS) expect(description).toContain(id);
  });
});
