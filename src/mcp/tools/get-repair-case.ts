// get_repair_case: one published repair case (by id or page address): symptom, diagnosis, fix, measurements.
import { z } from "@hono/zod-openapi";
import { getCase, type RepairCaseDetail } from "../../db/queries/cases";
import { RepairCaseDetailSchema } from "../../schemas/cases";
import { namedItem, visibleOr } from "../tool-context";
import { closing, heading, render, cut, day, line, shareBudget, TEXT_BUDGET, USAGE_NOTE } from "../format";
import { LangInput, referenceInput } from "../inputs";
import { toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Rows of the measurement and component tables shown. */
export const TABLE_ROWS = 25;
/** What all table cells may use together; diagnosis and fix share the rest of the budget. */
const TABLE_BUDGET = 1500;
const SYMPTOM_LIMIT = 800;

const input = z.object({
  case: referenceInput("Case id or page address (…/en/repairs/{id}, …/es/reparaciones/{id})"),
  lang: LangInput,
});

const output = toolResultSchema({
  case: RepairCaseDetailSchema.omit({ diagnosis_html: true, fix_html: true }).describe(
    `The case; diagnosis and fix are Markdown (possibly cut, see notes); at most ${TABLE_ROWS} measurements and components`,
  ),
});

type Measurement = RepairCaseDetail["measurements"][number];
type Component = RepairCaseDetail["components"][number];

/** Cuts every cell of both tables so that together they fit TABLE_BUDGET (short cells stay whole). */
function fitTables(measurements: Measurement[], components: Component[]): { measurements: Measurement[]; components: Component[]; cut: boolean } {
  const cells = [
    ...measurements.flatMap((m) => [m.point, m.expected, m.measured, m.note]),
    ...components.flatMap((c) => [c.designator, c.part_number, c.action, c.note]),
  ];
  const limits = shareBudget(
    cells.map((text) => text?.length ?? 0),
    TABLE_BUDGET,
  );
  let index = 0;
  let anyCut = false;
  const next = <T extends string | null>(text: T): T => {
    const limit = limits[index++];
    if (text === null || text.length <= limit) return text;
    anyCut = true;
    return cut(text, limit).text as T;
  };
  return {
    measurements: measurements.map((m) => ({ point: next(m.point), expected: next(m.expected), measured: next(m.measured), note: next(m.note) })),
    components: components.map((c) => ({
      designator: next(c.designator),
      part_number: next(c.part_number),
      action: next(c.action),
      note: next(c.note),
    })),
    cut: anyCut,
  };
}

/** A member's text that opens with its own heading ("## Diagnóstico") is not given a second one above it. */
function section(title: string, text: string): string[] {
  return /^\s*#{1,6}\s/.test(text) ? [text] : [`## ${title}`, text];
}

export const getRepairCaseTool = defineTool({
  name: "get_repair_case",
  title: "Read a repair case",
  description:
    "Read a published repair case: device, board, symptom, outcome, diagnosis and fix (Markdown), measurements, components, linked documents and thread.",
  input,
  output,
  async run(args, tools) {
    const { id, words, ctx } = namedItem(tools, args.case, "case", args.lang);
    const { diagnosis_html: _d, fix_html: _f, ...detail } = visibleOr(await getCase(ctx, id), words, "repairCase", id, "cases");
    const notes: string[] = [];
    const [diagnosisLimit, fixLimit] = shareBudget([detail.diagnosis.length, detail.fix?.length ?? 0], TEXT_BUDGET - TABLE_BUDGET - SYMPTOM_LIMIT);
    const symptom = cut(detail.symptom, SYMPTOM_LIMIT).text;
    const diagnosis = cut(detail.diagnosis, diagnosisLimit);
    const fix = detail.fix === null ? null : cut(detail.fix, fixLimit);
    if (diagnosis.cut) notes.push(words.cutNote(words.diagnosis, detail.url));
    if (fix?.cut) notes.push(words.cutNote(words.fix, detail.url));
    const { measurements, components, cut: tablesCut } = fitTables(detail.measurements.slice(0, TABLE_ROWS), detail.components.slice(0, TABLE_ROWS));
    if (tablesCut) notes.push(words.tablesCut(detail.url));
    for (const [name, all] of [
      [words.measurements, detail.measurements],
      [words.components, detail.components],
    ] as const) {
      if (all.length > TABLE_ROWS) notes.push(words.onlyFirst(TABLE_ROWS, all.length, name.toLowerCase(), detail.url));
    }

    const published = day(detail.published_at);
    const md: string[] = [
      ...heading(
        detail,
        words.repairCaseBy(detail.author ?? words.unknown),
        words.outcome(detail.outcome),
        published && words.published(published),
        detail.minutes_spent != null && words.minutesSpent(detail.minutes_spent),
      ),
      line(
        detail.device_model && words.device(detail.device_model),
        detail.board && words.board(detail.board),
        detail.board_revision && words.revision(detail.board_revision),
        detail.manufacturer,
      ),
      "",
      `**${words.symptom}:** ${symptom}`,
      "",
      ...section(words.diagnosis, diagnosis.text),
    ];
    if (fix) md.push("", ...section(words.fix, fix.text));
    if (measurements.length) {
      md.push("", `## ${words.measurements}`);
      for (const m of measurements)
        md.push(`- ${m.point}: ${words.measured(m.measured)}${m.expected ? `, ${words.expected(m.expected)}` : ""}${m.note ? ` (${m.note})` : ""}`);
    }
    if (components.length) {
      md.push("", `## ${words.components}`);
      for (const c of components)
        md.push(`- ${c.designator}${c.part_number ? ` (${c.part_number})` : ""}: ${c.action}${c.note ? ` (${c.note})` : ""}`);
    }
    if (detail.documents.length) {
      md.push("", `## ${words.documents}`);
      for (const d of detail.documents) md.push(`- ${d.title} — ${d.url}`);
    }
    if (detail.thread) md.push("", `${words.forumThread}: ${detail.thread.title} — ${detail.thread.url}`);
    md.push("", closing(notes, null, words));

    return {
      structured: {
        case: { ...detail, symptom, diagnosis: diagnosis.text, fix: fix?.text ?? null, measurements, components },
        notes,
        next: null,
        usage: USAGE_NOTE,
      },
      markdown: render(md),
    };
  },
});
