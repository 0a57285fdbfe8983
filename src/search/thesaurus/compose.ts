// Symptoms said as a part and its fault ("monitor externo no funciona": the external monitor, not working): a
// query naming the same part and fault in any of their words ("la tele no anda", "abanico no gira", "kb dead")
// names the symptom, though the thesaurus never wrote that phrase.
import { type Concept, type ConceptTerm, CONCEPTS, conceptOf, MAX_CONCEPT_TOKENS, undiminished } from "./index";

/** A part of the board (a component concept), not the board or the device itself. */
export const isPart = (concept: Concept) => concept.kind === "component" && !WHOLE_DEVICE.has(concept.id);
const WHOLE_DEVICE = new Set(["board", "phone"]);

/** Articles and prepositions that join a part and its fault without meaning ("el", "de la", "the", "on"). */
const JOINERS = new Set("a al de del el en la las lo los un una on of the in at".split(" "));
/** Clitic pronouns and the "s" of "brick's": read as if absent ("no me anda el teclado" is "no anda el teclado"). */
const CLITICS = new Set("me te le les nos s".split(" "));

/**
 * A phrase as its parts: each run of words that is a thesaurus term (never the whole phrase) as its concept,
 * other words as written, joiners left out. Only a phrase of one part and something more has a shape; a part
 * and one other concept make the same shape in either order.
 */
function shapeOf(written: string[]): string | undefined {
  const tokens = written.filter((t) => !CLITICS.has(t));
  const out: string[] = [];
  let parts = 0;
  for (let i = 0; i < tokens.length; ) {
    let n = Math.min(MAX_CONCEPT_TOKENS, tokens.length - i);
    while (n >= 1 && (n === tokens.length || !conceptOf(tokens.slice(i, i + n)))) n--;
    const found = n >= 1 ? conceptOf(tokens.slice(i, i + n))?.concept : undefined;
    if (found) {
      out.push(`#${found.id}`);
      if (isPart(found)) parts++;
      i += n;
    } else {
      if (!JOINERS.has(tokens[i])) out.push(tokens[i]);
      i++;
    }
  }
  if (parts !== 1 || out.length < 2) return undefined;
  // A part and a fault, both concepts, in either order: Spanish puts either first ("no anda el teclado").
  return out.length === 2 && out.every((x) => x.startsWith("#")) ? [...out].sort().join(" ") : out.join(" ");
}

/** Each shape of a symptom's terms → its concept (null when two symptoms share a shape: it names neither). */
const BY_SHAPE = new Map<string, Concept | null>();
for (const concept of CONCEPTS)
  if (concept.kind === "symptom")
    for (const term of concept.terms) {
      const shape = term.tags.includes("typo") ? undefined : shapeOf(term.tokens);
      if (!shape) continue;
      const known = BY_SHAPE.get(shape);
      if (known === undefined) BY_SHAPE.set(shape, concept);
      else if (known && known.id !== concept.id) BY_SHAPE.set(shape, null);
    }

/** The symptom a phrase of folded tokens says as a part and its fault, if one (never a term as written). */
export function symptomComposed(tokens: string[]): { concept: Concept; term: ConceptTerm } | undefined {
  if (tokens.length < 2 || conceptOf(tokens)) return undefined;
  // "la camarita no anda": the diminutive read as its word ("cámara").
  const shape = shapeOf(undiminished(tokens) ?? tokens);
  const concept = shape ? BY_SHAPE.get(shape) : undefined;
  return concept ? { concept, term: { text: tokens.join(" "), tokens, lang: "es", tags: [] } } : undefined;
}
