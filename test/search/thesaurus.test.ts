// The repair thesaurus is reviewed data (src/search/thesaurus): enough concepts in both languages, each
// with its source note, no term in two concepts, no duplicates; and how a query uses it: a concept's
// phrase is one term matched as a phrase, its other words widen the match within a bound, whatever the
// thesaurus size.
import { describe, expect, it } from "vitest";
import { matchExpression, parseQuery } from "../../src/search/understand/query";
import { findScope, parseScopeBoards } from "../../src/search/understand/scope";
import {
  CONCEPTS,
  conceptOf,
  expansionsOf,
  MAX_CONCEPT_EXPANSIONS,
  MAX_QUERY_EXPANSIONS,
  parseConcepts,
  thesaurusProblems,
} from "../../src/search/thesaurus";

describe("the thesaurus as data", () => {
  it("holds at least 150 concepts, each in Spanish and English with a source note, and no problem", () => {
    expect(CONCEPTS.length).toBeGreaterThanOrEqual(150);
    expect(thesaurusProblems(CONCEPTS)).toEqual([]);
    for (const kind of ["symptom", "component", "action"]) expect(CONCEPTS.some((c) => c.kind === kind)).toBe(true);
  });

  it("holds regional variants, slang and misspellings, tagged", () => {
    const speakers = CONCEPTS.find((c) => c.id === "speakers")!;
    const tagged = (text: string) => speakers.terms.find((t) => t.text === text)?.tags;
    expect(tagged("bocinas")).toContain("MX");
    expect(tagged("parlantes")).toContain("AR");
    expect(tagged("altavoces")).toContain("ES");
    expect(CONCEPTS.some((c) => c.terms.some((t) => t.tags.includes("typo")))).toBe(true);
    expect(CONCEPTS.some((c) => c.terms.some((t) => t.tags.includes("slang")))).toBe(true);
  });

  it("the check rejects a term in two concepts, a duplicate, a concept without a language or a source", () => {
    const bad = parseConcepts(
      `one | es: placa rota; placa rota | en: broken board | src: test
two | es: pantalla | en: broken board | src: test
three | es: algo | en: | src:`,
      "symptom",
    );
    const problems = thesaurusProblems(bad);
    expect(problems).toContain('one: duplicate es term "placa rota"');
    expect(problems).toContain('ambiguous term "broken board": in one and two');
    expect(problems).toContain("three: no en term");
    expect(problems).toContain("three: no source note");
  });

  it("a misspelling is recognised, never searched for", () => {
    const backlight = CONCEPTS.find((c) => c.id === "no-backlight")!;
    expect(conceptOf(["retroiluminasion"])?.concept.id).toBe("no-backlight");
    expect(expansionsOf(backlight, []).map((t) => t.join(" "))).not.toContain("retroiluminasion");
  });
});

describe("query understanding", () => {
  it("a concept's phrase is one term, matched as a phrase, widened by the concept's words in both languages", () => {
    const parsed = parseQuery("820-00165 won't power on");
    expect(parsed.terms.map((t) => t.concept?.id)).toEqual([undefined, "no-power"]);
    const match = matchExpression(parsed)!;
    expect(match).toContain('"won t power on"');
    expect(match).toContain('"no enciende"');
    expect(match).toContain('"no power"');
    // As typed only: the concept's other words are not part of the exact expression.
    expect(matchExpression(parsed, "all", "exact")).not.toContain("no enciende");
  });

  it("the forgiving pass takes a concept phrase's words one by one, but never its function words alone", () => {
    const any = matchExpression(parseQuery("corto a masa"), "any")!;
    expect(any).toContain('"masa"');
    expect(any).toContain('"corto"');
    // "a" alone (an alternative of its own, not inside the words together) would let in every item that has it.
    expect(any).toContain('("corto" AND "a" AND "masa")');
    expect(any).not.toMatch(/ OR "a"( OR |\)$)/);
  });

  it("a number before a concept's words stays a number", () => {
    const parsed = parseQuery("XPS 13 9380 no carga");
    expect(parsed.terms.at(-1)?.concept?.id).toBe("not-charging");
    expect(parsed.terms.some((t) => t.norm === "9380")).toBe(true);
  });

  it("expansions stay bounded per concept and per query, whatever the thesaurus holds", () => {
    const parsed = parseQuery("no enciende sin imagen no carga se calienta se reinicia sin sonido corto quemado");
    const per = parsed.terms.map((t) => t.synonyms?.length ?? 0);
    expect(Math.max(...per)).toBeLessThanOrEqual(MAX_CONCEPT_EXPANSIONS);
    expect(per.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(MAX_QUERY_EXPANSIONS);
  });
});

describe("scope from the query", () => {
  const table = parseScopeBoards([
    { id: 1, number: "NM-B491", platform: "ThinkPad T480", codename: null, maker: "Lenovo" },
    { id: 2, number: "NM-A311", platform: "ThinkPad E470 / E570", codename: null, maker: "Lenovo" },
    { id: 3, number: "820-00840", platform: 'MacBook Pro 13" A1708 (2016)', codename: "J130", maker: "Apple" },
    { id: 4, number: "820-00875", platform: 'MacBook Pro 13" A1706 (2016)', codename: "J79", maker: "Apple" },
    { id: 5, number: "820-00928", platform: 'MacBook Pro 15" A1707 (2016)', codename: "J51", maker: "Apple" },
    { id: 6, number: "BA92-16365A", platform: "Notebook 9 NP900X3N", codename: null, maker: "Samsung" },
  ]);
  const scoped = (q: string) => findScope(parseQuery(q), table, [])?.boards;

  it("a model, a platform, a product line or a manufacturer names its boards", () => {
    expect(scoped("T480 no enciende")).toEqual(["NM-B491"]);
    expect(scoped("MacBook Pro 13 2016 keyboard backlight")).toEqual(["820-00840", "820-00875"]);
    expect(scoped("ThinkPad no enciende")).toEqual(["NM-B491", "NM-A311"]);
    expect(scoped("apple no power")).toEqual(["820-00840", "820-00875", "820-00928"]);
    expect(scoped("A1707 sin imagen")).toEqual(["820-00928"]);
  });

  it("generic words, small numbers and a generic first word of a platform name nothing", () => {
    expect(scoped("pro 13 no enciende")).toBeUndefined();
    expect(scoped("notebook no enciende")).toBeUndefined();
    expect(scoped("no power")).toBeUndefined();
  });

  it("a board number found by the board lookup wins, and its term leaves the rest of the query", () => {
    const parsed = parseQuery("NM-B491 no enciende");
    const scope = findScope(parsed, table, [{ id: 1, matched: "NMB491", number: "NM-B491" }]);
    expect(scope).toMatchObject({ by: "board", boards: ["NM-B491"], terms: [0] });
  });

  it("the board's own model words beside its number leave the rest with it ('NM-B491 thinkpad t480 no enciende')", () => {
    const scope = findScope(parseQuery("NM-B491 thinkpad t480 no enciende"), table, [{ id: 1, matched: "NMB491", number: "NM-B491" }]);
    expect(scope).toMatchObject({ by: "board", named: "nm b491", boards: ["NM-B491"], terms: [0, 1, 2] });
    // Another board's model word stays in the rest.
    const other = findScope(parseQuery("NM-B491 e470 no enciende"), table, [{ id: 1, matched: "NMB491", number: "NM-B491" }]);
    expect(other).toMatchObject({ terms: [0] });
  });
});
