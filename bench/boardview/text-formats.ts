// The text formats' files for `npm run bench:boardview` (bench/boardview/run.ts): BRD2, BVR 3 and 1, ASUS pins.asc,
// written from the same synthetic boards as the other formats (scripts/lib/boardview-text-writer.ts).
import { syntheticBoard } from "../../scripts/lib/boardview-writer";
import { ascFiles, brd2File, bvr1File, bvr3File } from "../../scripts/lib/boardview-text-writer";

export const TEXT_FORMAT_FILES: [string, (pins: number) => Uint8Array][] = [
  ["BRD2 .brd (kicad-boardview layout)", (n) => brd2File(syntheticBoard(1, n))],
  ["BVR3 .bvr (kicad-boardview layout)", (n) => bvr3File(syntheticBoard(1, n))],
  ["BVR1 .bvr", (n) => bvr1File(syntheticBoard(1, n))],
  ["ASUS pins.asc", (n) => ascFiles(syntheticBoard(1, n))["pins.asc"]],
];
