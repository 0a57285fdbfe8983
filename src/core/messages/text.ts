// A sentence in both languages of the service: what a message table renders, and what errors carry until an
// edge (API problem, MCP tool error) picks the reader's language.
import type { Lang } from "../language";

export type Localized = Readonly<Record<Lang, string>>;

/** A field's message: localized where the service wrote it; a bare string is a library's (zod's) own text. */
export type FieldMessage = string | Localized;

export function inLang(text: FieldMessage, lang: Lang): string {
  return typeof text === "string" ? text : text[lang];
}

/** A stored reason in both languages (a document's status_reason): JSON of the Localized, read back by storedIn. */
export function storedText(text: Localized): string {
  return JSON.stringify({ en: text.en, es: text.es });
}

/** A stored reason in the reader's language: written by storedText, or a plain text stored before (kept as it is). */
export function storedIn(stored: string | null, lang: Lang): string | null {
  if (stored === null || !stored.startsWith('{"en":')) return stored;
  try {
    const text: unknown = JSON.parse(stored);
    return isLocalized(text) ? text[lang] : stored;
  } catch {
    return stored;
  }
}

/** Is this a Localized text (not a bare string)? */
export function isLocalized(text: unknown): text is Localized {
  return typeof text === "object" && text !== null && typeof (text as Localized).en === "string" && typeof (text as Localized).es === "string";
}
