// What a hit shows: excerpts, highlights, the interpretation.
export * from "./excerpts";
export * from "./highlight";
export * from "./interpretation";
