// A forum thread in the import format (fixtures/FORMAT.md), written by bob in the laptops category on a day of
// October 2026: the search tests' fixtures name only what their queries turn on.
export const importThread = (id: string, board: string | null, title: string, body: string, day: number) => ({
  id,
  category: "laptops",
  title,
  author: "bob",
  board,
  created_at: `2026-10-${String(day).padStart(2, "0")}T00:00:00Z`,
  body,
});
