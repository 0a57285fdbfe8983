// A repair case with its measurements, components and linked documents.
// One of the section planners of the importer (../load.ts); record-plan.ts says what a plan holds.
import { sql } from "drizzle-orm";
import * as t from "../../../src/db/schema";
import { renderMarkdown } from "../../../src/content/markdown";
import { normalizeOptionalValue, normalizePoint, normalizeValue } from "../../../src/content/board-values";
import type { Item, PlanContext, RecordPlanBuilder } from "./record-plan";
import { boardIdSql, derivedId, ifChanged, manufacturerId, userId } from "./values";

export async function planCase(plan: RecordPlanBuilder, ctx: PlanContext, c: Item<"cases">): Promise<void> {
  const { db, now } = ctx;
  const id = c.id?.toUpperCase() ?? (await derivedId("case", `${c.author ?? ""}\n${c.title}`, c.published_at));
  const values = {
    title: c.title,
    outcome: c.outcome,
    symptom: c.symptom,
    deviceModel: c.device_model ?? null,
    boardId: boardIdSql(c.board),
    boardRevision: c.board_revision ?? null,
    manufacturerId: manufacturerId(c.manufacturer),
    authorId: userId(c.author),
    published: c.published,
    publishedAt: c.published_at ? new Date(c.published_at).toISOString() : null,
    editedAt: c.edited_at ? new Date(c.edited_at).toISOString() : null,
    diagnosis: c.diagnosis,
    diagnosisHtml: renderMarkdown(c.diagnosis),
    fix: c.fix ?? null,
    fixHtml: c.fix == null ? null : renderMarkdown(c.fix),
    minutesSpent: c.minutes_spent ?? null,
    threadId: c.thread?.toUpperCase() ?? null,
  };
  plan.push(
    db
      .insert(t.repairCases)
      .values({ ...values, id, createdAt: now })
      .onConflictDoUpdate({ target: t.repairCases.id, set: values, setWhere: ifChanged(t.repairCases, values) }),
  );
  // Children in place, written only when they differ (each write re-indexes the case); the rest deleted.
  const measurements = c.measurements ?? [];
  const components = c.components ?? [];
  const documentIds = [...new Set((c.documents ?? []).map((d) => d.toUpperCase()))];
  plan.push(
    db.delete(t.caseMeasurements).where(sql`${t.caseMeasurements.caseId} = ${id} and ${t.caseMeasurements.position} >= ${measurements.length}`),
    db.delete(t.caseComponents).where(sql`${t.caseComponents.caseId} = ${id} and ${t.caseComponents.position} >= ${components.length}`),
    db
      .delete(t.caseDocuments)
      .where(
        sql`${t.caseDocuments.caseId} = ${id} and ${t.caseDocuments.documentId} not in (select value from json_each(${JSON.stringify(documentIds)}))`,
      ),
  );
  measurements.forEach((m, position) => {
    const row = {
      point: m.point,
      expected: m.expected ?? null,
      measured: m.measured,
      note: m.note ?? null,
      // One spelling of the point and its values: board knowledge counts these (migrations/0020).
      pointNorm: normalizePoint(m.point),
      expectedNorm: normalizeOptionalValue(m.expected),
      measuredNorm: normalizeValue(m.measured),
    };
    plan.push(
      db
        .insert(t.caseMeasurements)
        .values({ ...row, caseId: id, position })
        .onConflictDoUpdate({
          target: [t.caseMeasurements.caseId, t.caseMeasurements.position],
          set: row,
          setWhere: ifChanged(t.caseMeasurements, row),
        }),
    );
  });
  components.forEach((m, position) => {
    const row = {
      designator: m.designator,
      partNumber: m.part_number ?? null,
      action: m.action,
      note: m.note ?? null,
      designatorNorm: normalizePoint(m.designator),
    };
    plan.push(
      db
        .insert(t.caseComponents)
        .values({ ...row, caseId: id, position })
        .onConflictDoUpdate({ target: [t.caseComponents.caseId, t.caseComponents.position], set: row, setWhere: ifChanged(t.caseComponents, row) }),
    );
  });
  for (const [position, documentId] of documentIds.entries())
    plan.push(
      db
        .insert(t.caseDocuments)
        .values({ caseId: id, documentId, position })
        .onConflictDoUpdate({
          target: [t.caseDocuments.caseId, t.caseDocuments.documentId],
          set: { position },
          setWhere: ifChanged(t.caseDocuments, { position }),
        }),
    );
  plan.count("cases");
}
