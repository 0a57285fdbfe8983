// The list of boardview formats: each id, the extensions uploads accept for it, in the order GET /capabilities
// lists them. Data only, on the lowest floor: content/ and schemas/ derive from it; each id's reader and catalogue
// entry are its module's (src/boardview/formats.ts gathers them and fails to load when an id has none).
export const BOARDVIEW_FORMATS = [
  { id: "test_link", extensions: ["brd"] },
  { id: "bdv", extensions: ["bdv"] },
  { id: "gencad", extensions: ["cad"] },
  { id: "fz", extensions: ["fz"] },
  { id: "cae", extensions: ["cae"] },
  { id: "xzz", extensions: ["pcb"] },
  { id: "tvw", extensions: ["tvw"] },
  { id: "cst", extensions: ["cst"] },
  { id: "brd2", extensions: ["brd"] },
  { id: "bvr", extensions: ["bvr"] },
  { id: "asc", extensions: ["asc", "zip"] },
] as const;

export type BoardFormat = (typeof BOARDVIEW_FORMATS)[number]["id"];

export const BOARDVIEW_FORMAT_IDS: readonly BoardFormat[] = BOARDVIEW_FORMATS.map((f) => f.id);

/** Every extension a boardview comes in, once each, in the list's order. */
export const BOARDVIEW_EXTENSIONS: readonly string[] = [...new Set(BOARDVIEW_FORMATS.flatMap((f) => f.extensions))];

export function extensionsOf(id: BoardFormat): string[] {
  return [...(BOARDVIEW_FORMATS.find((f) => f.id === id)?.extensions ?? [])];
}
