// The boardview formats' modules in the order their content is tried (most telling signature first; .fz/.cae,
// told by a zlib stream or a key, last). Every id of the list (src/core/boardview-formats.ts) has its module
// here, and GET /capabilities' catalogue, in the list's order, is their entries.
import { BDV } from "./bdv";
import { CST } from "./binary/cst";
import { FZ_AND_CAE } from "./binary/fz";
import { TVW } from "./binary/tvw";
import { XZZ } from "./binary/xzz";
import { GENCAD } from "./gencad";
import { TEST_LINK } from "./test-link";
import { ASC } from "./text-formats/asc";
import { BRD2 } from "./text-formats/brd2";
import { BVR } from "./text-formats/bvr";
import { BOARDVIEW_FORMAT_IDS } from "../core/boardview-formats";
import type { BoardviewFormat, BoardviewFormatEntry } from "./types";

export const READING_ORDER: readonly BoardviewFormat[] = [TEST_LINK, BRD2, BVR, GENCAD, BDV, ASC, TVW, XZZ, CST, FZ_AND_CAE];

const entries = READING_ORDER.flatMap((f) => f.catalogue);

/** Every format the service reads, with its variants and what is read from each (docs/boardviews.md). */
export const BOARDVIEW_CATALOGUE: BoardviewFormatEntry[] = BOARDVIEW_FORMAT_IDS.map((id) => {
  const entry = entries.find((e) => e.format === id);
  // A listed id without a module fails every test at load, not a reader at run time.
  if (!entry) throw new Error(`The boardview format ${id} is listed but no module in READING_ORDER reads it.`);
  return entry;
});
