// The plan: the search's SQL as fragments (groups, scope, visibility, names).
export * from "./plan-group";
export * from "./plan-names";
export * from "./plan-scope";
export * from "./plan-visibility";
export * from "./plan";
export * from "./sql-fragment-drizzle";
export * from "./sql-fragment";
export * from "./stand-ins";
