// Adds the viewer's end-to-end boards to a seeded persistence directory (after scripts/e2e-seed.ts), through the
// importer: a small public Test_Link board on the sample's board 820-00165 (whose published case measured
// PP3V42_G3H; also nets that differ by a sign or fold alike), its known-good values, a synthetic 50,000-pin board,
// and the schematic page view's board (a three-page schematic, public and private, with its boardview:
// scripts/lib/e2e-schematic.ts). Usage: tsx scripts/e2e-seed-boardviews.ts DIR
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { importContent } from "../cli/import";
import { E2E_BOARDVIEWS } from "./lib/e2e-boardviews";
import { syntheticBoard, testLinkText, type WrittenBoard } from "./lib/boardview-writer";
import { schematicContent } from "./lib/e2e-schematic";

const SMALL: WrittenBoard = {
  parts: [
    {
      name: "U7000",
      side: "bottom",
      mounting: "smd",
      x: 150,
      y: 220,
      pins: [
        { x: 140, y: 210, net: "PP3V42_G3H" },
        { x: 160, y: 210, net: "GND" },
        { x: 140, y: 230, net: "PP3V3_S5" },
        { x: 160, y: 230, net: "GND" },
      ],
    },
    {
      name: "C7010",
      side: "top",
      mounting: "smd",
      x: 305,
      y: 400,
      pins: [
        { x: 300, y: 400, net: "PP3V42_G3H" },
        { x: 310, y: 400, net: "GND" },
      ],
    },
    {
      name: "J6950",
      side: "top",
      mounting: "through_hole",
      x: 600,
      y: 100,
      pins: [
        { x: 590, y: 100, net: "PP3V3_S5" },
        { x: 610, y: 100, net: "GND" },
      ],
    },
    // Names a technician's find box must keep apart: nets differing by a sign, a net /D1 beside a part D1, and two
    // nets whose folded spelling is the same (PP_A, PP.A).
    {
      name: "D1",
      side: "top",
      mounting: "smd",
      x: 805,
      y: 600,
      pins: [
        { x: 800, y: 600, net: "/D1" },
        { x: 810, y: 600, net: "USB_D+" },
      ],
    },
    {
      name: "R1",
      side: "bottom",
      mounting: "smd",
      x: 805,
      y: 300,
      pins: [
        { x: 800, y: 300, net: "USB_D-" },
        { x: 810, y: 300, net: "PP_A" },
        { x: 820, y: 300, net: "PP.A" },
      ],
    },
  ],
  testPoints: [{ probe: 1, x: 500, y: 500, side: "bottom", net: "PP3V42_G3H" }],
};

const OBDATA = ["ID 820-00165", "BRAND Apple", "# NETNAME  DIODE_VALUE  NORMAL_VOLTAGE  RESISTANCE  COMMENT", "PP3V3_S5 0.02 3.3 5"].join("\n");

const document = (id: string, title: string, filename: string, text: string) => ({
  id,
  title,
  type: "boardview",
  visibility: "public",
  owner: "bob",
  boards: ["820-00165"],
  created_at: "2026-09-02T00:00:00Z",
  versions: [{ version: 1, filename, content_text: text, created_at: "2026-09-02T00:00:00Z" }],
});

const [persistDir] = process.argv.slice(2);
if (!persistDir) {
  console.error("usage: tsx scripts/e2e-seed-boardviews.ts PERSIST_DIR");
  process.exit(2);
}
const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: join(persistDir, "v3") } });
try {
  const schematic = await schematicContent("bob");
  const outcome = await importContent(
    proxy.env,
    {
      boards: schematic.boards,
      documents: [
        ...schematic.documents,
        document(E2E_BOARDVIEWS.small, "820-00165 boardview", "820-00165.brd", testLinkText(SMALL)),
        document(E2E_BOARDVIEWS.large, "Synthetic 50,000-pin boardview", "synthetic-50k.brd", testLinkText(syntheticBoard(39, 50_000))),
        // Known-good values for the board (OpenBoardData): PP3V3_S5's diode reading colours its pins in the viewer.
        {
          ...document(E2E_BOARDVIEWS.values, "820-00165 known-good values", "820-00165.obdata", OBDATA),
          type: "document",
        },
      ],
    },
    { reset: false },
  );
  if (!outcome.ok) {
    console.error(JSON.stringify(outcome.problems, null, 2));
    process.exitCode = 1;
  } else {
    console.log("seeded boardviews", JSON.stringify(outcome.counts));
  }
} finally {
  await proxy.dispose();
}
