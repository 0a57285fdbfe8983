// The text formats' entries of the boardview catalogue (src/boardview/catalogue.ts): BRD2, BVR and ASUS .asc.
// Typed by their fields, not by the catalogue's entry type: the catalogue imports this file.
import type { BoardFormat, BoardUnit } from "../types";

export const TEXT_BOARDVIEW_FORMATS: {
  format: BoardFormat;
  name: string;
  extensions: string[];
  variants: string[];
  reads: string[];
  unit: BoardUnit;
}[] = [
  {
    format: "brd2",
    name: "BRD2 (kicad-boardview and others)",
    extensions: ["brd"],
    variants: ["BRDOUT:/NETS:/PARTS:/PINS:/NAILS: blocks, told from Test_Link .brd by its content"],
    reads: [
      "outline",
      "nets by id",
      "parts with box, side and mounting (through-hole when no pin is on the part's side)",
      "pins with net and number (their place in the part, from 1)",
      "nails as test points",
      "bottom positions put back in the board's frame",
    ],
    unit: "mil",
  },
  {
    format: "bvr",
    name: "BVR",
    extensions: ["bvr"],
    variants: ["BVRAW_FORMAT_3 (keyword lines; mils)", "BVRAW_FORMAT_1 (<<Layout>>, <<Pin>>, <<Nail>> blocks; inches)"],
    reads: [
      "outline (points or segments)",
      "parts with side and mounting",
      "pins with net, number, name and radius (format 3)",
      "pins with net and number, test points (format 1)",
    ],
    unit: "mil",
  },
  {
    format: "asc",
    name: "ASUS .asc",
    extensions: ["asc", "zip"],
    variants: ["format.asc, pins.asc and nails.asc together in a .zip (the archive is the boardview)", "pins.asc alone"],
    reads: ["outline (format.asc)", "parts with side", "pins with net and number (pins.asc)", "test points (nails.asc)"],
    unit: "inch",
  },
];
