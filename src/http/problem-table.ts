// The one table of problems: code → HTTP status, title and explanation. The problem bodies (src/http/problem.ts),
// the status mapping of thrown errors (src/http/errors.ts), the OpenAPI response descriptions (src/routes/define.ts)
// and the /problems/{code} pages (src/site/pages/problem.tsx) are all derived from it.
import type { Lang } from "../core/language";

export interface ProblemEntry {
  status: number;
  /** Its name in each language (the problem body's title in the reader's language, the page's heading). */
  titles: Record<Lang, string>;
  /** What happened and what to do, for the problem page and the API description (and a Spanish reader's detail). */
  explanation: Record<Lang, string>;
}

export const PROBLEMS = {
  unauthorized: {
    status: 401,
    titles: { en: "Unauthorized", es: "No autorizado" },
    explanation: {
      en: "No API key was sent where one is required, or the key that was sent is unknown, expired or revoked. A key that is sent must be valid even on open endpoints: it is never treated as anonymous.",
      es: "No se envió una clave de API donde hace falta, o la clave enviada es desconocida, caducó o fue revocada. Una clave enviada debe ser válida incluso en los puntos abiertos: nunca se trata como anónima.",
    },
  },
  forbidden: {
    status: 403,
    titles: { en: "Forbidden", es: "Prohibido" },
    explanation: {
      en: "The key lacks a scope the endpoint needs, or its account is inactive. The body lists required_scopes.",
      es: "A la clave le falta un permiso (scope) que el punto necesita, o su cuenta está inactiva. El cuerpo indica required_scopes.",
    },
  },
  "not-found": {
    status: 404,
    titles: { en: "Not found", es: "No encontrado" },
    explanation: {
      en: "Nothing exists at this address, or it is not visible to the caller. Both cases look the same on purpose.",
      es: "No existe nada en esta dirección, o no es visible para quien pregunta. Ambos casos se ven iguales a propósito.",
    },
  },
  "ambiguous-name": {
    status: 404,
    titles: { en: "Ambiguous name", es: "Nombre ambiguo" },
    explanation: {
      en: "No part or net has exactly this name, and its spelling without case, spaces and separators matches several names of the board. The body's candidates lists them: ask again with one of them. Signs (+, -), /, # and ~ always count.",
      es: "Ninguna pieza o red tiene exactamente este nombre, y su grafía sin mayúsculas, espacios ni separadores coincide con varios nombres de la placa. El campo candidates del cuerpo los indica: pregunta de nuevo con uno de ellos. Los signos (+, -), /, # y ~ siempre cuentan.",
    },
  },
  "method-not-allowed": {
    status: 405,
    titles: { en: "Method not allowed", es: "Método no permitido" },
    explanation: {
      en: "The address exists but not with this HTTP method. The Allow header lists the methods it supports.",
      es: "La dirección existe, pero no con este método HTTP. La cabecera Allow indica los métodos admitidos.",
    },
  },
  conflict: {
    status: 409,
    titles: { en: "Conflict", es: "Conflicto" },
    explanation: {
      en: "The request conflicts with the current state, for example an upload external_id reused with a different payload, or repeated while the first request with it is still being received (see Retry-After).",
      es: "La petición choca con el estado actual, por ejemplo un external_id de subida reutilizado con otro contenido, o repetido mientras la primera petición con él aún se recibe (ver Retry-After).",
    },
  },
  "not-available": {
    status: 409,
    titles: { en: "Not available", es: "No disponible" },
    explanation: {
      en: "The document cannot be downloaded because it is not available (still processing, rejected or withdrawn).",
      es: "El documento no se puede descargar porque no está disponible (en proceso, rechazado o retirado).",
    },
  },
  gone: {
    status: 410,
    titles: { en: "Gone", es: "Ya no existe" },
    explanation: {
      en: "The document imported under this external_id was deleted; the id cannot be used again.",
      es: "El documento importado con este external_id fue eliminado; el identificador no puede volver a usarse.",
    },
  },
  "changes-expired": {
    status: 410,
    titles: { en: "Feed position expired", es: "Posición del registro caducada" },
    explanation: {
      en: "The since position is older than the change feed's retention (90 days). Start over: read the feed without since, from the beginning, into an empty copy.",
      es: "La posición since es más antigua que lo que guarda el registro de cambios (90 días). Empieza de nuevo: lee el registro sin since, desde el principio, en una copia vacía.",
    },
  },
  "payload-too-large": {
    status: 413,
    titles: { en: "Payload too large", es: "Contenido demasiado grande" },
    explanation: {
      en: "The request body is larger than this endpoint accepts. The detail names the limit; send less in one request.",
      es: "El cuerpo de la petición es mayor de lo que acepta este punto. El detalle indica el límite; envía menos en una sola petición.",
    },
  },
  "range-not-satisfiable": {
    status: 416,
    titles: { en: "Range not satisfiable", es: "Rango no satisfacible" },
    explanation: {
      en: "The requested byte range lies outside the file. The Content-Range header gives the file's size.",
      es: "El rango de bytes pedido está fuera del archivo. La cabecera Content-Range indica su tamaño.",
    },
  },
  "validation-failed": {
    status: 422,
    titles: { en: "Validation failed", es: "Validación fallida" },
    explanation: {
      en: "A parameter, field or file is missing or invalid. The errors object maps each field to what is wrong with it.",
      es: "Falta un parámetro, campo o archivo, o no es válido. El objeto errors indica qué falla en cada campo.",
    },
  },
  "rate-limited": {
    status: 429,
    titles: { en: "Too many requests", es: "Demasiadas peticiones" },
    explanation: {
      en: "Too many requests in a short time. Wait the number of seconds in the Retry-After header before trying again.",
      es: "Demasiadas peticiones en poco tiempo. Espera los segundos que indica la cabecera Retry-After antes de reintentar.",
    },
  },
  "download-cap-reached": {
    status: 429,
    titles: { en: "Download cap reached", es: "Límite de descargas alcanzado" },
    explanation: {
      en: "The account reached its cap of download links for the last 24 hours. Bulk downloading is forbidden by the terms of use.",
      es: "La cuenta alcanzó su límite de enlaces de descarga de las últimas 24 horas. La descarga masiva está prohibida por las condiciones de uso.",
    },
  },
  "upload-rate-exceeded": {
    status: 429,
    titles: { en: "Upload rate exceeded", es: "Ritmo de subidas superado" },
    explanation: {
      en: "The account made too many uploads in the last hour. Retry-After says when the next one is accepted.",
      es: "La cuenta hizo demasiadas subidas en la última hora. Retry-After indica cuándo se aceptará la siguiente.",
    },
  },
  internal: {
    status: 500,
    titles: { en: "Internal error", es: "Error interno" },
    explanation: {
      en: "Something failed on the server. The request_id identifies the failure in the logs; retrying later may help.",
      es: "Algo falló en el servidor. El request_id identifica el fallo en los registros; reintentar más tarde puede servir.",
    },
  },
  unavailable: {
    status: 503,
    titles: { en: "Service unavailable", es: "Servicio no disponible" },
    explanation: {
      en: "A part of the service this request needs is temporarily unavailable (for example the search index while it is rebuilt). Retry after the seconds in Retry-After.",
      es: "Una parte del servicio que esta petición necesita no está disponible por ahora (por ejemplo el índice de búsqueda mientras se reconstruye). Reintenta pasados los segundos de Retry-After.",
    },
  },
} as const satisfies Record<string, ProblemEntry>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as ProblemCode[];

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEMS, code);
}

/**
 * The code a bare 4xx status (a framework's HTTPException) maps to: the first code of that status in the table.
 * 400 and 413 have no code of their own: a malformed or oversized request is a validation failure (422).
 * A 5xx is not mapped: the caller logs it as the unexpected error it is.
 */
export function codeForClientStatus(status: number): ProblemCode | undefined {
  if (status === 400) return "validation-failed";
  return status < 500 ? PROBLEM_CODES.find((code) => PROBLEMS[code].status === status) : undefined;
}
