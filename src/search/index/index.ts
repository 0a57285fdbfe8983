// The index: its SQL, how a text is cut into words (tokens, function words), the vocabulary (forms, typos), term
// counts on the primary and the text databases, the rebuild.
export * from "./function-words";
export * from "./index-sql";
export * from "./rebuild";
export * from "./shard-counts";
export * from "./term-counts";
export * from "./tokens";
export * from "./vocabulary";
