// The schema's tables and columns the search plan writes, as fragments quoted as drizzle quotes them: computed
// once per isolate, where drizzle looked each one up again for every statement.
import { blogPosts, documents, repairCases, threads } from "../../db/schema";
import { columnName, tableName } from "./sql-fragment-drizzle";

export const DOCUMENTS = {
  table: tableName(documents),
  id: columnName(documents.id),
  type: columnName(documents.type),
  createdAt: columnName(documents.createdAt),
};

export const THREADS = {
  table: tableName(threads),
  id: columnName(threads.id),
  boardId: columnName(threads.boardId),
  createdAt: columnName(threads.createdAt),
};

export const REPAIR_CASES = {
  table: tableName(repairCases),
  id: columnName(repairCases.id),
  boardId: columnName(repairCases.boardId),
  createdAt: columnName(repairCases.createdAt),
};

export const BLOG_POSTS = { table: tableName(blogPosts), id: columnName(blogPosts.id) };
