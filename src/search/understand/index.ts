// Understanding a query: parsing, the thesaurus's concepts, the scope a query names, the interpretation, the text
// databases it cannot match.
export * from "./interpretation";
export * from "./query";
export * from "./scope";
export * from "./shard-absence";
export * from "./understand";
