// What English looks like in a text meant for a Spanish reader: the fixed words of every English template of the
// message tables (src/core/messages) and of the problem table, and the commonest English function words.
import { msg } from "../../src/core/messages/errors";
import { fieldMsg } from "../../src/core/messages/fields";
import { ingestMsg } from "../../src/core/messages/ingest";
import { limitMsg, mcpBatchMsg } from "../../src/core/messages/limits";
import type { Localized } from "../../src/core/messages/text";
import { PROBLEMS } from "../../src/http/problem-table";

const HOLE = "\u0000";
/** Parameters that leave a hole where each value goes, so only a template's own words remain. */
const HOLES = new Proxy({} as Record<string, unknown>, {
  get: (_, name) =>
    name === "what" ? "document" : name === "missing" ? true : ["fields", "allowed", "scopes", "candidates"].includes(String(name)) ? [HOLE] : HOLE,
});

let fragments: string[] | undefined;
export function englishFragments(): string[] {
  if (fragments) return fragments;
  const tables: Record<string, (p: never) => Localized>[] = [msg, limitMsg, mcpBatchMsg, ingestMsg, fieldMsg];
  const texts = tables.flatMap((table) => Object.values(table).map((render) => render(HOLES as never)));
  texts.push(...Object.values(PROBLEMS).map((p) => p.explanation));
  // Literals both languages share (a header's syntax, a parameter's name) are not English.
  const ownWords = ({ en, es }: Localized) =>
    en
      .split(/[\u0000.;:,()]/)
      .map((f) => f.trim())
      .filter((f) => f.split(/\s+/).length >= 2 && f.length >= 8 && !es.includes(f));
  fragments = [...new Set(texts.flatMap(ownWords))];
  return fragments;
}

const FUNCTION_WORDS = /\b(the|is|are|this|with|must|does|not|was|may|and|of|for|to|at most|too many)\b/gi;

/** The English in a text: template fragments it contains and English function words; [] when there is none. */
export function spanishOnly(text: string): string[] {
  return [...englishFragments().filter((f) => text.includes(f)), ...(text.match(FUNCTION_WORDS) ?? [])];
}
