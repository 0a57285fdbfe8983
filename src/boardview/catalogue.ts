// Every boardview format the service reads, with its variants and what is read from each: published by
// GET /capabilities (boardview_formats) and written out in docs/boardviews.md.
import { TEXT_BOARDVIEW_FORMATS } from "./text-formats/catalogue";
import type { BoardFormat, BoardUnit } from "./types";

export interface BoardviewFormatEntry {
  format: BoardFormat;
  name: string;
  extensions: string[];
  variants: string[];
  reads: string[];
  unit: BoardUnit;
  /** The secret holding the decryption key of its encrypted variant, when it has one. */
  key_secret?: string;
}

export const BOARDVIEW_CATALOGUE: BoardviewFormatEntry[] = [
  {
    format: "test_link",
    name: "Test_Link",
    extensions: ["brd"],
    variants: ["plain", "encoded byte by byte", "pins without nets, taken from the nails"],
    reads: ["outline", "parts with side and mounting", "pins with net", "test points"],
    unit: "mil",
  },
  {
    format: "bdv",
    name: "Honhan BDV",
    extensions: ["bdv"],
    variants: ["encoded", "plain"],
    reads: ["parts with side", "pins with net and number", "test points"],
    unit: "inch",
  },
  {
    format: "gencad",
    name: "GenCAD",
    extensions: ["cad"],
    variants: ["GenCAD 1.4 text"],
    reads: [
      "parts with place, side, mounting and value (SHEET, as KiCad writes it)",
      "pins with net and number",
      "test points",
      "unit from the UNITS header",
    ],
    unit: "unknown",
  },
  {
    format: "fz",
    name: "ASUS .fz",
    extensions: ["fz"],
    variants: ["plain (zlib at byte 4)", "encrypted (stream cipher; needs the operator's key)"],
    reads: ["parts with side", "pins with net, number, name and radius", "test vias", "part values from the bill of materials", "unit (mil or mm)"],
    unit: "mil",
    key_secret: "BOARDVIEW_FZ_KEY",
  },
  {
    format: "cae",
    name: "ASRock .cae",
    extensions: ["cae"],
    variants: ["plain (zlib at byte 4)", "encrypted (stream cipher; needs the operator's key)"],
    reads: ["parts with side", "pins with net, number, name and radius", "test vias", "part values from the bill of materials", "unit (mil or mm)"],
    unit: "mil",
    key_secret: "BOARDVIEW_CAE_KEY",
  },
  {
    format: "xzz",
    name: "XZZ .pcb",
    extensions: ["pcb"],
    variants: ["plain header", "XOR-obfuscated header", "parts DES-encrypted (needs the operator's key)", "with or without diode readings"],
    reads: ["outline (edge lines and arcs)", "parts", "pins with net and number", "test pads", "diode readings per net"],
    unit: "mil",
    key_secret: "BOARDVIEW_XZZ_KEY",
  },
  {
    format: "tvw",
    name: "Tebo .tvw",
    extensions: ["tvw"],
    variants: ["binary stream with obfuscated header strings"],
    reads: ["outline (route layer)", "parts with side, mounting, box and value", "pins with net, number and radius"],
    unit: "mil",
  },
  {
    format: "cst",
    name: "Lenovo .cst",
    extensions: ["cst"],
    variants: ["MFC archive (where its layout is established)"],
    reads: ["parts with side", "pins with net", "pins of no part as test points"],
    unit: "unknown",
  },
  ...TEXT_BOARDVIEW_FORMATS,
];
