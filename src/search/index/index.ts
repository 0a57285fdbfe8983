// The index: its SQL, the vocabulary (forms, typos), term counts, the rebuild.
export * from "./index-sql";
export * from "./rebuild";
export * from "./term-counts";
export * from "./vocabulary";
