// The service's own words for one input field (zod checks of the schemas), in English and Spanish. A schema
// passes `fieldText(fieldMsg.x())` as a check's error: zod keeps the English, and the edge finds the Spanish
// again by that English (localizedField) when it writes the reader's `errors`.
import type { Localized } from "./text";

export const fieldMsg = {
  required: (): Localized => ({ en: "is required", es: "es obligatorio" }),
  wholeNumber: (): Localized => ({ en: "must be a whole number", es: "debe ser un número entero" }),
  atLeast: ({ min }: { min: number }): Localized => ({ en: `must be at least ${min}`, es: `debe ser como mínimo ${min}` }),
  atMost: ({ max }: { max: number }): Localized => ({ en: `must be at most ${max}`, es: `debe ser como máximo ${max}` }),
  atLeastChars: ({ min }: { min: number }): Localized => ({
    en: `must be at least ${min} characters`,
    es: `debe tener como mínimo ${min} caracteres`,
  }),
  atMostChars: ({ max }: { max: number }): Localized => ({
    en: `must be at most ${max} characters`,
    es: `debe tener como máximo ${max} caracteres`,
  }),
  noNul: (): Localized => ({ en: "must not contain NUL characters", es: "no puede contener caracteres NUL" }),
  notEmpty: (): Localized => ({ en: "must not be empty", es: "no puede estar vacío" }),
  atMostItems: ({ max }: { max: number }): Localized => ({ en: `at most ${max} items`, es: `como máximo ${max} elementos` }),
  externalIdChars: (): Localized => ({
    en: "may contain only letters, digits and . _ : -",
    es: "solo puede contener letras, dígitos y . _ : -",
  }),
  trueOrFalse: (): Localized => ({ en: "must be true or false", es: "debe ser true o false" }),
  positiveInteger: (): Localized => ({ en: "must be a positive integer", es: "debe ser un entero positivo" }),
  notAPosition: (): Localized => ({
    en: "is not a position of this feed: send meta.next of a previous answer as it is",
    es: "no es una posición de este feed: envía meta.next de una respuesta anterior tal cual",
  }),
} as const;

/** Each field message a schema uses, by its English (what zod keeps in issue.message). */
const byEnglish = new Map<string, Localized>();

/** A schema check's error: the English zod keeps, remembered with its Spanish. */
export function fieldText(text: Localized): string {
  byEnglish.set(text.en, text);
  return text.en;
}

/** The service's field message in both languages, when this English is one of them. */
export function localizedField(en: string): Localized | undefined {
  return byEnglish.get(en);
}
