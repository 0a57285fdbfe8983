// Ranking and loading: the statements run, the text databases asked, one round trip.
export * from "./folded-batch";
export * from "./load-template";
export * from "./page-match";
export * from "./rank";
export * from "./shard-search";
