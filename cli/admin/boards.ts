// boards:create: an operator adds a board before its first upload names it (docs/uploads.md). The number is matched
// as everywhere (normalizeBoardNumber: any spelling of it, or of an alias, is the same board), so running the
// command again changes nothing; a name another board already holds is refused, never moved.
import { z } from "zod";
import { normalizeBoardNumber } from "../../src/core/urls";
import { AdminError, defineCommand, option, type AdminCommand } from "./command";

const NAME_MAX = 100;
const boardName = z.string().trim().min(1, "must not be empty").max(NAME_MAX, `at most ${NAME_MAX} characters`);

interface Board {
  id: number;
  number: string;
  manufacturerId: number | null;
}

/** The board a normalised name already belongs to, by its number or one of its aliases. */
async function holderOf(db: D1Database, norm: string): Promise<{ board: Board; as: "number" | "alias" } | undefined> {
  const direct = await db
    .prepare("select id as id, number as number, manufacturer_id as manufacturerId from boards where norm = ?")
    .bind(norm)
    .first<Board>();
  if (direct) return { board: direct, as: "number" };
  const aliased = await db
    .prepare(
      "select b.id as id, b.number as number, b.manufacturer_id as manufacturerId from board_aliases a join boards b on b.id = a.board_id where a.norm = ?",
    )
    .bind(norm)
    .first<Board>();
  return aliased ? { board: aliased, as: "alias" } : undefined;
}

/** The manufacturer of that name (any letter case), added when there is none yet. */
async function manufacturerNamed(db: D1Database, name: string): Promise<{ id: number; name: string; added: boolean }> {
  const found = await db
    .prepare("select id as id, name as name from manufacturers where name = ? collate nocase")
    .bind(name)
    .first<{ id: number; name: string }>();
  if (found) return { ...found, id: Number(found.id), added: false };
  const made = await db.prepare("insert into manufacturers (name) values (?) returning id as id").bind(name).first<{ id: number }>();
  return { id: Number(made!.id), name, added: true };
}

const createCommand = defineCommand({
  name: "boards:create",
  summary: "Add a board (its number, manufacturer and other names) so uploads may name it; running it again changes nothing.",
  usage: "NUMBER --manufacturer NAME [--alias OTHER]... (aliases also comma-separated)",
  positionals: ["number"],
  repeatable: ["alias"],
  input: z.strictObject({
    number: option(boardName),
    manufacturer: option(boardName),
    alias: z
      .array(z.string({ error: "needs a value" }))
      .optional()
      .transform((given) =>
        (given ?? [])
          .flatMap((a) => a.split(","))
          .map((a) => a.trim())
          .filter(Boolean),
      )
      .pipe(z.array(boardName).max(20, "at most 20 aliases")),
  }),
  async run({ db }, { number, manufacturer, alias }) {
    const norm = normalizeBoardNumber(number);
    if (!norm) throw new AdminError(`${JSON.stringify(number)} has no letters or digits: not a board number`);
    const held = await holderOf(db, norm);
    if (held?.as === "alias") throw new AdminError(`${number} is already an alias of board ${held.board.number}`);
    // Every alias is checked before anything is written: a refusal changes nothing.
    const aliases = new Map<string, string>();
    for (const name of alias) {
      const aliasNorm = normalizeBoardNumber(name);
      if (!aliasNorm) throw new AdminError(`alias ${JSON.stringify(name)} has no letters or digits`);
      if (aliasNorm === norm || aliases.has(aliasNorm)) continue;
      const holder = await holderOf(db, aliasNorm);
      if (holder && holder.board.id !== held?.board.id) throw new AdminError(`${name} already names board ${holder.board.number}`);
      if (!holder) aliases.set(aliasNorm, name);
    }
    const maker = await manufacturerNamed(db, manufacturer);
    const existing = held?.board;
    if (existing && existing.manufacturerId !== null && Number(existing.manufacturerId) !== maker.id) {
      throw new AdminError(`board ${existing.number} exists with another manufacturer (id ${existing.manufacturerId}); nothing changed`);
    }
    const boardId = existing
      ? existing.id
      : (await db
          .prepare("insert into boards (number, norm, manufacturer_id) values (?, ?, ?) returning id as id")
          .bind(number, norm, maker.id)
          .first<{ id: number }>())!.id;
    const writes = [...aliases].map(([aliasNorm, name]) =>
      db.prepare("insert into board_aliases (norm, board_id, alias) values (?, ?, ?)").bind(aliasNorm, boardId, name),
    );
    if (existing && existing.manufacturerId === null)
      writes.push(db.prepare("update boards set manufacturer_id = ? where id = ?").bind(maker.id, boardId));
    if (writes.length) await db.batch(writes);
    const named = aliases.size ? ` Aliases added: ${[...aliases.values()].join(", ")}.` : "";
    const lines = maker.added ? [`Manufacturer ${maker.name} was new: added.`] : [];
    if (!existing) return [...lines, `Added board ${number} (${maker.name}); uploads may name it in any spelling.${named}`];
    return [
      ...lines,
      writes.length
        ? `Board ${existing.number} (${maker.name}) already existed.${named}`
        : `Board ${existing.number} (${maker.name}) already exists: nothing changed.`,
    ];
  },
});

export const BOARD_COMMANDS: AdminCommand[] = [createCommand];
