// The one list of boardview formats (src/core/boardview-formats.ts) and their modules (src/boardview/formats.ts):
// every listed id has a module that reads it, and the catalogue, the accepted extensions, the refusal's message and
// the OpenAPI description all follow the list.
import { describe, expect, it } from "vitest";
import { BOARDVIEW_CATALOGUE, READING_ORDER } from "../../src/boardview/formats";
import { readBoardview } from "../../src/boardview/read";
import { FORMATS } from "../../src/content/formats";
import { BOARDVIEW_EXTENSIONS, BOARDVIEW_FORMAT_IDS } from "../../src/core/boardview-formats";
import { getJson } from "../helpers/app";

describe("the list of boardview formats", () => {
  it("gives each listed id exactly one module's catalogue entry, in the list's order", () => {
    const moduleIds = READING_ORDER.flatMap((f) => f.catalogue.map((e) => e.format));
    expect([...moduleIds].sort()).toEqual([...BOARDVIEW_FORMAT_IDS].sort());
    expect(BOARDVIEW_CATALOGUE.map((e) => e.format)).toEqual([...BOARDVIEW_FORMAT_IDS]);
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

  it("names every format id in the OpenAPI description of a boardview's format", async () => {
    const { body: doc } = await getJson("/openapi.json");
    const description: string = doc.components.schemas.BoardviewHolding.properties.format.description;
    for (const id of BOARDVIEW_FORMAT_IDS) expect(description).toContain(id);
  });
});
