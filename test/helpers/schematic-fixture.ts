// The schematic fixture (scripts/lib/e2e-schematic.ts) imported for the vitest checks, with two members' keys:
// olga owns both schematics (one private), sven sees only the public one.
import { env } from "cloudflare:workers";
import { importContent } from "../../cli/import";
import { schematicContent } from "../../scripts/lib/e2e-schematic";

export { BOARD, BOARDVIEW, PRIVATE_SCHEMATIC, SCHEMATIC, schematicPdf, wordAt } from "../../scripts/lib/e2e-schematic";

export const KEYS = { olga: "bds_crossprobeOlga000000000000000000001", sven: "bds_crossprobeSven000000000000000000002" } as const;

export async function seedSchematic(): Promise<void> {
  const content = await schematicContent("olga");
  const outcome = await importContent(
    env,
    {
      users: [
        { username: "olga", name: "Olga" },
        { username: "sven", name: "Sven" },
      ],
      api_keys: (Object.entries(KEYS) as [string, string][]).map(([user, token]) => ({
        token,
        user,
        name: "x",
        scopes: ["api:read"],
        expires_at: null,
      })),
      ...content,
    } as never,
    {},
  );
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
}
