// The rule of the meaning categories: a query shares no word, stem, prefix or near spelling with its
// target's text (title, body, replies; a case's symptom, diagnosis and fix). Codes (anything with a
// digit) and function words are left out: the board number is meant to be in the query.
import { editDistance, fold, stems } from "../../src/search/index/vocabulary";
import { tokenize } from "../../src/search/understand/query";
import { MEANING_SET_QUERIES } from "./meaning-sets";

const FUNCTION_WORDS = new Set(
  "a after al an and at de del el en in it la las lo los no not of on or se t the to tras un una y by con por sin".split(" "),
);

function textOf(item: Record<string, unknown>): string {
  const posts = ((item.posts as { body: string }[] | undefined) ?? []).map((p) => p.body);
  return [item.title, item.body, item.symptom, item.diagnosis, item.fix, ...posts].filter(Boolean).join(" ");
}

/** Plain words, folded; a whitespace word holding a digit (a code: NM-A891, 820-00165) is left out whole. */
const words = (text: string) =>
  text
    .split(/\s+/u)
    .filter((w) => !/\p{N}/u.test(w))
    .flatMap((w) => tokenize(w).map(fold))
    .filter((w) => !FUNCTION_WORDS.has(w));

function near(a: string, b: string): boolean {
  if (a === b) return true;
  const [sa, sb] = [stems(a), stems(b)];
  if (sa.es === sb.es || sa.en === sb.en) return true;
  if (a.length >= 4 && b.length >= 4 && (a.startsWith(b) || b.startsWith(a))) return true;
  const budget = Math.min(a.length, b.length) >= 9 ? 2 : Math.min(a.length, b.length) >= 5 ? 1 : 0;
  return budget > 0 && editDistance(a, b, budget) <= budget;
}

export function checkOverlaps(demo: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const query of MEANING_SET_QUERIES) {
    const item = (demo[query.group] as Record<string, unknown>[]).find((i) => i.title === query.target);
    if (!item) {
      problems.push(`${query.q}: no ${query.group} item titled ${query.target}`);
      continue;
    }
    const target = new Set(words(textOf(item)));
    for (const w of words(query.q)) {
      const hit = [...target].find((t) => near(w, t));
      if (hit) problems.push(`[${query.category}] ${query.q}: "${w}" ~ "${hit}"`);
    }
  }
  return problems;
}
