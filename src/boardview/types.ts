// The board's shapes, as src/boardview-formats reads them: rows.ts still imports them from here.
export type * from "../boardview-formats/types";
