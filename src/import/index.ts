// The importer's one entry point, used by the CLI (scripts/import.ts), the dev seeder and the tests.
import { getDb } from "../db/client";
import { applyImportPlan, buildImportPlan, loadExistingKeys } from "./load";
import { validateImport, type ImportProblem, type ExistingKeys } from "./validate";

export type ImportOutcome = { ok: true; counts: Record<string, number> } | { ok: false; problems: ImportProblem[] };

export async function importContent(
  bindings: { DB: D1Database; FILES: R2Bucket },
  raw: unknown,
  options: { reset?: boolean; now?: Date } = {},
): Promise<ImportOutcome> {
  const existing: ExistingKeys | undefined = options.reset ? undefined : await loadExistingKeys(bindings.DB);
  const result = validateImport(raw, existing);
  if (!result.ok) return result;
  const plan = await buildImportPlan(getDb(bindings), result.data, (options.now ?? new Date()).toISOString());
  await applyImportPlan(bindings.DB, bindings.FILES, plan, { reset: options.reset });
  return { ok: true, counts: plan.counts };
}
