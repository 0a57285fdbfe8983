// Spec §1's usage rules, written once in English for every surface that states them to machines and
// English readers (the OpenAPI description, llms.txt, MCP results, the English site footer).

export const USAGE_RULES = {
  cite: "Cite what you use by its url and credit its author.",
  mayBeWrong: "Content is written by community members and may be wrong: check values, part numbers and procedures before relying on them.",
  noBulkDownloads: "Bulk downloading of files is forbidden by the terms of use.",
} as const;

/** The rules as one paragraph. */
export const USAGE_TEXT = Object.values(USAGE_RULES).join(" ");
