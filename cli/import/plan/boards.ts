// A board, by its normalised number, with its aliases.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { normalizeBoardNumber } from "../../../src/core/urls";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ifChanged, manufacturerId } from "./values";

export async function planBoard(plan: RecordPlanBuilder, ctx: PlanContext, b: Item<"boards">): Promise<void> {
  const { db } = ctx;
  const norm = normalizeBoardNumber(b.number);
  const values = {
    number: b.number,
    manufacturerId: manufacturerId(b.manufacturer),
    status: b.status,
    boardCode: b.board_code ?? null,
    platform: b.platform ?? null,
    codename: b.codename ?? null,
  };
  plan.push(
    db
      .insert(t.boards)
      .values({ ...values, norm })
      .onConflictDoUpdate({ target: t.boards.norm, set: values, setWhere: ifChanged(t.boards, values) }),
  );
  const boardId = sql`(select id from boards where norm = ${norm})`;
  // Aliases in place, written only when they differ; those gone from the file deleted.
  const aliases = (b.aliases ?? []).map((alias) => ({ norm: normalizeBoardNumber(alias), alias }));
  plan.push(
    db
      .delete(t.boardAliases)
      .where(
        sql`${t.boardAliases.boardId} = ${boardId} and ${t.boardAliases.norm} not in (select value from json_each(${JSON.stringify(aliases.map((a) => a.norm))}))`,
      ),
  );
  for (const { norm: aliasNorm, alias } of aliases) {
    plan.push(
      db
        .insert(t.boardAliases)
        .values({ norm: aliasNorm, boardId, alias })
        .onConflictDoUpdate({ target: t.boardAliases.norm, set: { boardId, alias }, setWhere: ifChanged(t.boardAliases, { boardId, alias }) }),
    );
  }
  plan.count("boards");
}
