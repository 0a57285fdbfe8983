// get_document: one library document's metadata (by id or page address). Never a download link.
import { z } from "@hono/zod-openapi";
import { getDocument } from "../../db/queries/document-detail";
import { DocumentDetailSchema } from "../../schemas/documents";
import { BoardviewNetSchema, BoardviewPartSchema } from "../../schemas/boardviews";
import { boardviewAnswers, boardviewLines } from "../boardview";
import { namedItem, visibleOr } from "../tool-context";
import { ToolError } from "../errors";
import { closing, heading, render, cut, day, line, TEXT_BUDGET, USAGE_NOTE } from "../format";
import { count } from "../i18n";
import { LangInput, referenceInput } from "../inputs";
import { formatBytes } from "../../content/format";
import { toolResultSchema } from "../result-schema";
import { defineTool } from "../tool";

/** Newest versions listed; older ones are counted in a note. */
export const VERSIONS_SHOWN = 10;
const CHANGELOG_LIMIT = 300;
const DESCRIPTION_LIMIT = TEXT_BUDGET - VERSIONS_SHOWN * CHANGELOG_LIMIT;

const input = z.object({
  document: referenceInput("Document id or page address (…/en/library/{id}, …/es/biblioteca/{id})"),
  part: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "For a boardview: a part's designator (exact, else any case and separators when one part matches, e.g. u7000) to read its side, position and pins",
    ),
  net: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "For a boardview: a net's name (exact, else any case and separators when one net matches, e.g. ppbus g3h; + - / # ~ count) to read its pins, parts and test points",
    ),
  lang: LangInput,
});

const output = toolResultSchema({
  document: DocumentDetailSchema.describe(
    `The document's metadata (description possibly cut, see notes; at most ${VERSIONS_SHOWN} newest versions). No file content and no download link.`,
  ),
  part: BoardviewPartSchema.nullable().optional().describe("The boardview part asked for (null: the boardview holds none of that name)"),
  net: BoardviewNetSchema.nullable().optional().describe("The boardview net asked for (null: the boardview holds none of that name)"),
});

export const getDocumentTool = defineTool({
  name: "get_document",
  title: "Read a library document's details",
  description:
    "Read a public library document's metadata (schematic, boardview, datasheet, firmware…): type, boards, description, size, pages, versions, " +
    "SHA-256. Never the file or a download link.",
  input,
  output,
  async run(args, tools) {
    const { id, words, ctx } = namedItem(tools, args.document, "document", args.lang);
    // As the API's boardview answer: one of them, not both.
    if (args.part !== undefined && args.net !== undefined) throw new ToolError(words.partOrNet);
    const doc = visibleOr(await getDocument(ctx, id), words, "document", id, "files");
    const notes: string[] = [];
    const description = doc.description === null ? null : cut(doc.description, DESCRIPTION_LIMIT);
    if (description?.cut) notes.push(words.cutNote(words.documentLabel, doc.url));
    const versions = doc.versions
      .slice(0, VERSIONS_SHOWN)
      .map((v) => ({ ...v, changelog: v.changelog == null ? v.changelog : cut(v.changelog, CHANGELOG_LIMIT).text }));
    if (doc.versions.length > VERSIONS_SHOWN) notes.push(words.newestVersions(VERSIONS_SHOWN, doc.versions.length, doc.url));
    if (doc.executable) notes.push(words.executable);
    notes.push(words.metadataOnly);
    const board = await boardviewAnswers(ctx, doc, args.part, args.net, notes, words);

    const added = day(doc.created_at);
    const md: string[] = [
      ...heading(
        doc,
        words.documentBy(doc.owner ?? words.unknown),
        doc.type,
        doc.extension,
        formatBytes(doc.size_bytes),
        doc.page_count !== null && count(words, doc.page_count, "page"),
        added && words.added(added),
        count(words, doc.downloads, "download"),
      ),
      line(
        doc.boards.length > 0 && words.boardsLabel(doc.boards.join(", ")),
        doc.manufacturer,
        doc.chipset && words.chipset(doc.chipset),
        doc.board_revision && words.revision(doc.board_revision),
        doc.language && words.language(doc.language),
      ),
      line(doc.tags.length > 0 && words.tagsLabel(doc.tags.join(", ")), doc.has_text && words.searchable, doc.sha256 && `SHA-256 ${doc.sha256}`),
    ];
    md.push(...boardviewLines(doc, board, words));
    if (description) md.push("", description.text);
    if (doc.source_note) md.push("", `${words.source}: ${cut(doc.source_note, 500).text}`);
    if (versions.length) {
      md.push("", `## ${words.versions}`);
      for (const v of versions)
        md.push(
          `- ${line(`v${v.version}`, v.filename, formatBytes(v.size_bytes), day(v.created_at), v.is_current && words.current)}${v.changelog ? `: ${v.changelog}` : ""}`,
        );
    }
    md.push("", closing(notes, null, words));
    return {
      structured: { document: { ...doc, description: description?.text ?? null, versions }, ...board, notes, next: null, usage: USAGE_NOTE },
      markdown: render(md),
    };
  },
});
