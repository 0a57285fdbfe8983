// get_repair_case: one published repair case (by id or page address): symptom, diagnosis, fix, measurements.
import { z } from "@hono/zod-openapi";
import { getCase, type RepairCaseDetail } from "../../db/queries/cases";
import { RepairCaseDetailSchema } from "../../schemas/cases";
import { resolveIdReference } from "../address";
import { anonymousQueryContext } from "../tool-context";
import { ToolError } from "../errors";
import { closing, render, cut, day, line, shareBudget, TEXT_BUDGET, USAGE_NOTE } from "../format";
import { chooseLang, LangInput, referenceInput } from "../inputs";
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

export const getRepairCaseTool = defineTool({
  name: "get_repair_case",
  title: "Read a repair case",
  description:
    "Read a published repair case: device, board, symptom, outcome, diagnosis and fix (Markdown), measurements, components, linked documents and thread.",
  input,
  output,
  async run(args, tools) {
    const ref = resolveIdReference(args.case, "case");
    const lang = chooseLang(args.lang, ref.lang, tools.defaultLang);
    const found = await getCase(anonymousQueryContext(tools, lang), ref.id);
    if (!found) {
      throw new ToolError(
        `No repair case ${ref.id} is visible: it does not exist or is not published. Find cases with the search tool or list_recent {"kind":"cases"}.`,
      );
    }
    const { diagnosis_html: _d, fix_html: _f, ...detail } = found;
    const notes: string[] = [];
    const [diagnosisLimit, fixLimit] = shareBudget([detail.diagnosis.length, detail.fix?.length ?? 0], TEXT_BUDGET - TABLE_BUDGET - SYMPTOM_LIMIT);
    const symptom = cut(detail.symptom, SYMPTOM_LIMIT).text;
    const diagnosis = cut(detail.diagnosis, diagnosisLimit);
    const fix = detail.fix === null ? null : cut(detail.fix, fixLimit);
    if (diagnosis.cut || fix?.cut)
      notes.push(
        `The ${diagnosis.cut && fix?.cut ? "diagnosis and fix are" : diagnosis.cut ? "diagnosis is" : "fix is"} cut to fit; the whole text is on the case's page, ${detail.url}.`,
      );
    const { measurements, components, cut: tablesCut } = fitTables(detail.measurements.slice(0, TABLE_ROWS), detail.components.slice(0, TABLE_ROWS));
    if (tablesCut) notes.push(`Some measurement or component notes are cut to fit; they are whole on the case's page, ${detail.url}.`);
    for (const [name, all] of [
      ["measurements", detail.measurements],
      ["components", detail.components],
    ] as const) {
      if (all.length > TABLE_ROWS)
        notes.push(`Only the first ${TABLE_ROWS} of ${all.length} ${name} are shown; all are on the case's page, ${detail.url}.`);
    }

    const md: string[] = [
      `# ${detail.title}`,
      detail.url,
      line(
        `Repair case by ${detail.author ?? "unknown"}`,
        `outcome ${detail.outcome}`,
        day(detail.published_at) && `published ${day(detail.published_at)}`,
        detail.minutes_spent != null && `${detail.minutes_spent} min spent`,
      ),
      line(
        detail.device_model && `Device ${detail.device_model}`,
        detail.board && `board ${detail.board}`,
        detail.board_revision && `revision ${detail.board_revision}`,
        detail.manufacturer,
      ),
      "",
      `**Symptom:** ${symptom}`,
      "",
      "## Diagnosis",
      diagnosis.text,
    ];
    if (fix) md.push("", "## Fix", fix.text);
    if (measurements.length) {
      md.push("", "## Measurements");
      for (const m of measurements)
        md.push(`- ${m.point}: measured ${m.measured}${m.expected ? `, expected ${m.expected}` : ""}${m.note ? ` (${m.note})` : ""}`);
    }
    if (components.length) {
      md.push("", "## Components");
      for (const c of components)
        md.push(`- ${c.designator}${c.part_number ? ` (${c.part_number})` : ""}: ${c.action}${c.note ? ` (${c.note})` : ""}`);
    }
    if (detail.documents.length) {
      md.push("", "## Documents");
      for (const d of detail.documents) md.push(`- ${d.title} — ${d.url}`);
    }
    if (detail.thread) md.push("", `Forum thread: ${detail.thread.title} — ${detail.thread.url}`);
    md.push("", closing(notes, null));

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
