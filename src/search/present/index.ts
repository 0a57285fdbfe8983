// What a hit shows: excerpts and highlights.
export * from "./excerpts";
export * from "./highlight";
