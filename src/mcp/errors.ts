// Tool errors: the call was understood but cannot be answered. The tool wrapper (tool.ts) turns them into
// results with isError: true whose text says what happened, so the model can tell the user or retry.
// A domain failure's message comes from the service's message table (src/core/messages), as the API's problem
// detail does, in the reader's language.
import type { Lang } from "../core/language";
import type { Localized } from "../core/messages/text";
import { DomainError, type DomainErrorKind } from "../errors";

/** An answer the tool itself refuses (unknown id, malformed address…): its message is the whole text. */
export class ToolError extends Error {}

/** What a domain failure means for the model's next step. */
const NEXT_STEP: Record<DomainErrorKind, Localized> = {
  "not-found": { en: "Check the id or address.", es: "Comprueba el identificador o la dirección." },
  conflict: { en: "Nothing was changed.", es: "No se cambió nada." },
  gone: { en: "It was removed and will not come back.", es: "Se eliminó y no volverá." },
  unavailable: {
    en: "This is temporary: call the tool again later; other tools still work.",
    es: "Es temporal: vuelve a llamar a la herramienta más tarde; las demás herramientas siguen funcionando.",
  },
  invalid: {
    en: "Correct the arguments named above and call the tool again.",
    es: "Corrige los argumentos indicados arriba y vuelve a llamar a la herramienta.",
  },
  unauthorized: {
    en: "This server needs no key; call the tool again without one.",
    es: "Este servidor no necesita clave; vuelve a llamar a la herramienta sin ella.",
  },
  forbidden: { en: "This server only reads what anyone may read.", es: "Este servidor solo lee lo que cualquiera puede leer." },
  ambiguous: { en: "Call the tool again with one of the names listed.", es: "Vuelve a llamar a la herramienta con uno de los nombres indicados." },
};

const retryAfter = (seconds: number): Localized => ({
  en: ` Retry after ${seconds} seconds.`,
  es: ` Reintenta pasados ${seconds} segundos.`,
});

/** The text of the error result in the reader's language, or undefined when the failure is ours (a bug, a broken binding). */
export function toolErrorText(error: unknown, lang: Lang): string | undefined {
  if (error instanceof ToolError) return error.message;
  if (error instanceof DomainError) {
    const wait = error.retryAfterSeconds === undefined ? "" : retryAfter(error.retryAfterSeconds)[lang];
    return `${error.text[lang]}${wait} ${NEXT_STEP[error.kind][lang]}`;
  }
  return undefined;
}
