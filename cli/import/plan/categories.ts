// A forum category, by slug; its position is its place in the file.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import * as t from "../../../src/db/schema";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ifChanged } from "./values";

export async function planCategory(plan: RecordPlanBuilder, ctx: PlanContext, c: Item<"categories">): Promise<void> {
  const { db, index } = ctx;
  const position = index;
  const values = { name: c.name, description: c.description ?? null, position };
  plan.push(
    db
      .insert(t.categories)
      .values({ ...values, slug: c.slug })
      .onConflictDoUpdate({ target: t.categories.slug, set: values, setWhere: ifChanged(t.categories, values) }),
  );
  plan.count("categories");
}
