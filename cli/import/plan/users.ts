// A user, by username.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import * as t from "../../../src/db/schema";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { ifChanged } from "./values";

export async function planUser(plan: RecordPlanBuilder, ctx: PlanContext, u: Item<"users">): Promise<void> {
  const { db, now } = ctx;
  const values = { username: u.username, name: u.name, role: u.role, locale: u.locale, active: u.active };
  plan.push(
    db
      .insert(t.users)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: t.users.username, set: values, setWhere: ifChanged(t.users, values) }),
  );
  plan.count("users");
}
