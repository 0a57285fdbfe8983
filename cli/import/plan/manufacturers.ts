// A manufacturer, by id.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import * as t from "../../../src/db/schema";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ifChanged } from "./values";

export async function planManufacturer(plan: RecordPlanBuilder, ctx: PlanContext, m: Item<"manufacturers">): Promise<void> {
  const { db } = ctx;
  plan.push(
    db
      .insert(t.manufacturers)
      .values(m)
      .onConflictDoUpdate({ target: t.manufacturers.id, set: { name: m.name }, setWhere: ifChanged(t.manufacturers, { name: m.name }) }),
  );
  plan.count("manufacturers");
}
