// Understanding a query: parsing, the thesaurus's concepts, the scope a query names.
export * from "./query";
export * from "./scope";
export * from "./tokens";
export * from "./understand";
