// How forum phrasing names a thesaurus concept though no term is written that way: a clitic pronoun or an
// article between a term's words ("no me prende", "freezes on the logo"), an English negation in another
// auxiliary or without its apostrophe ("doesnt charge"), a reading written as a bare zero ("stuck at 0%").
import { describe, expect, it } from "vitest";
import { MAX_TERMS, matchExpression, parseQuery } from "../../src/search/understand/query";
import { CONCEPTS, conceptOf, contentWords, expansionsOf, MAX_QUERY_EXPANSIONS } from "../../src/search/thesaurus";

const concepts = (q: string) => parseQuery(q).terms.map((t) => t.concept?.id);
const typed = (q: string) => parseQuery(q).terms.map((t) => t.concept?.typed ?? t.word ?? t.norm);

describe("a term's words with other function words between them", () => {
  it("names the term's concept: 'no me prende', 'se me apaga', 'no le da imagen', 'freezes on the logo'", () => {
    for (const q of ["no me prende", "se me apaga", "no le da imagen", "freezes on the logo"])
      expect(conceptOf(parseQuery(q).terms[0].alternatives[0][0].tokens)).toBeUndefined();
    expect(concepts("no me prende")).toEqual(["no-power"]);
    expect(concepts("se me apaga")).toEqual(["shuts-down"]);
    expect(concepts("no le da imagen")).toEqual(["no-image"]);
    expect(concepts("freezes on the logo")).toEqual(["stuck-logo"]);
  });

  it("an English negation in any auxiliary, with or without its apostrophe: 'doesnt charge', 'does not charge'", () => {
    expect(concepts("doesnt charge")).toEqual(["not-charging"]);
    expect(concepts("does not charge")).toEqual(["not-charging"]);
    expect(contentWords(["won", "t", "charge"])).toEqual(["not", "charge"]);
  });

  it("never ends or begins on a word it leaves out, and one word that says something is not enough", () => {
    expect(typed("no me prende la notebook")).toEqual(["no me prende", "la", "notebook"]);
    expect(contentWords(["me", "la"])).toBeUndefined();
    expect(contentWords(["la", "pila"], "refuse")).toBeUndefined();
    // "se" stays: "se apaga" is not "apaga".
    expect(contentWords(["se", "me", "apaga"])).toEqual(["se", "apaga"]);
  });

  it("keeps a negation: 'se apaga sin cargador' is not 'se apaga con cargador'", () => {
    expect(contentWords(["se", "apaga", "sin", "cargador"])).toEqual(["se", "apaga", "sin", "cargador"]);
    expect(contentWords(["se", "apaga", "con", "el", "cargador"])).toEqual(["se", "apaga", "cargador"]);
  });

  it("a part and its fault with a clitic between them: 'no me anda el teclado', and the 's' of \"brick's led flashing\"", () => {
    expect(concepts("no me anda el teclado")).toEqual(["keyboard-fail"]);
    expect(concepts("brick's led flashing")).toEqual(["charger-light-blink"]);
  });
});

describe("a reading written as a bare zero", () => {
  it("is read as 'cero' / 'zero': 'stuck at 0 percent', 'se queda en 0%', '0 ohms a masa'", () => {
    expect(concepts("stuck at 0 percent")).toEqual(["not-charging"]);
    expect(concepts("se queda en 0%")).toEqual(["not-charging"]);
    expect(concepts("0 ohms a masa")).toEqual(["short-circuit", "short-circuit"]);
  });

  it("a phrase with another number names its concept only as a term writes it ('fans at 100%', '0a draw')", () => {
    expect(concepts("fans at 100% all the time")[0]).toBe("fan-full-speed");
    expect(concepts("820-00165 0a draw")).toEqual([undefined, "no-power"]);
    expect(concepts("tps 62180")).toEqual([undefined]);
  });

  it("stays as typed in the phrase searched, and any other number stays a number ('0a', '820-00165')", () => {
    expect(typed("stuck at 0 percent")).toEqual(["stuck at 0 percent"]);
    expect(typed("820-00165 0a")).toEqual(["82000165", "0A"]);
  });
});

describe("a long forum query", () => {
  it("keeps its last phrase: its function words take no place of the bound of 8 terms", () => {
    const q = "nm-c121 con el adaptador de la marca la bateria no se llena";
    expect(concepts(q)).toContain("not-charging");
    expect(parseQuery(q).terms.length).toBeLessThanOrEqual(MAX_TERMS);
    expect(concepts("820-01958 sustitui la pila y ahora el mac no hace nada")).toContain("no-power");
  });

  it("never reads one phrase across a comma or a stop: 'no muestra nada, por la tele va bien' is no image, then the TV", () => {
    expect(concepts("no muestra nada, por la tele va bien").filter(Boolean)).toEqual(["no-image", "external-monitor"]);
    expect(concepts("no muestra nada por la tele")).toEqual(["external-display-fail"]);
  });

  it("a time adverb ('ahora', 'still', 'again') says when: a function word, which alone matches nothing", () => {
    for (const word of ["ahora", "still", "again"]) expect(matchExpression(parseQuery(`${word} pantalla`), "any")).not.toContain(`"${word}"`);
  });
});

describe("the query's bound of other words", () => {
  it("is shared among its concepts: a third concept searches its share, not what the first two left (nothing)", () => {
    const terms = parseQuery("no enciende, no carga, se calienta").terms;
    expect(terms.map((t) => t.concept?.id)).toEqual(["no-power", "not-charging", "overheating"]);
    for (const t of terms) expect(t.synonyms?.length).toBe(MAX_QUERY_EXPANSIONS / 3);
    const replaced = parseQuery("battery won't charge, charger replaced").terms.find((t) => t.concept?.id === "replace");
    expect(replaced?.synonyms?.length).toBe(expansionsOf(CONCEPTS.find((c) => c.id === "replace")!, ["replaced"]).length);
  });
});
