// The words of the service's errors, one entry per message id, in English and Spanish: the API's problem details
// and field errors, and the MCP tool errors that say the same thing. Thrown where the failure happens
// (`new ApiError("not-found", msg.notFound({ what: "document" }))`); the edge picks the reader's language.
// Inputs quoted in a message are passed in already cut (quoteInput) and stay as typed.
import type { Localized } from "./text";

/** Things that can be missing, with the article each language needs. */
const THINGS = {
  resource: { en: "resource", es: "El recurso" },
  document: { en: "document", es: "El documento" },
  "repair case": { en: "repair case", es: "El caso de reparación" },
  post: { en: "post", es: "La entrada" },
  thread: { en: "thread", es: "El hilo" },
  upload: { en: "upload", es: "La subida" },
  board: { en: "board", es: "La placa" },
  "board point": { en: "board point", es: "El punto de la placa" },
  "boardview of this document": { en: "boardview of this document", es: "El boardview de este documento" },
} as const satisfies Record<string, Localized>;
export type Thing = keyof typeof THINGS;

const list = (items: readonly string[]) => items.join(", ");

export const msg = {
  // ---- the request as a whole ----
  invalidFields: ({ fields }: { fields: readonly string[] }): Localized => ({
    en: `Invalid value for ${list(fields)}.`,
    es: `Valor no válido en ${list(fields)}.`,
  }),
  notFound: ({ what }: { what: Thing }): Localized => ({
    en: `The ${THINGS[what].en} does not exist or is not visible to this caller.`,
    es: `${THINGS[what].es} no existe o no es visible para quien pregunta.`,
  }),
  partNotFound: ({ part }: { part: string }): Localized => ({
    en: `The part ${part} of this boardview does not exist or is not visible to this caller.`,
    es: `La pieza ${part} de este boardview no existe o no es visible para quien pregunta.`,
  }),
  netNotFound: ({ net }: { net: string }): Localized => ({
    en: `The net ${net} of this boardview does not exist or is not visible to this caller.`,
    es: `La red ${net} de este boardview no existe o no es visible para quien pregunta.`,
  }),
  ambiguousName: ({ name, candidates }: { name: string; candidates: readonly string[] }): Localized => ({
    en: `No name of this board is exactly ${name}, and its spelling matches several: ${list(candidates)}. Ask again with one of them.`,
    es: `Ningún nombre de esta placa es exactamente ${name}, y su grafía coincide con varios: ${list(candidates)}. Pregunta de nuevo con uno de ellos.`,
  }),
  nothingAt: ({ path }: { path: string }): Localized => ({ en: `Nothing at ${path}.`, es: `No hay nada en ${path}.` }),
  noEndpoint: ({ path }: { path: string }): Localized => ({
    en: `No endpoint at ${path}. The API is described at /api/v1/openapi.json.`,
    es: `No hay ningún punto de la API en ${path}. La API se describe en /api/v1/openapi.json.`,
  }),
  methodNotAllowed: ({ method, allowed }: { method: string; allowed: readonly string[] }): Localized => ({
    en: `${method} is not supported here; use ${list(allowed)}.`,
    es: `${method} no se admite aquí; usa ${list(allowed)}.`,
  }),
  notProcessed: (): Localized => ({ en: "The request could not be processed.", es: "No se pudo procesar la petición." }),
  internal: (): Localized => ({
    en: "Something went wrong on our side. The request id identifies it in our logs.",
    es: "Algo falló de nuestro lado. El identificador de la petición lo localiza en nuestros registros.",
  }),
  // ---- shared by REST and MCP: question rules ----
  partOrNet: (): Localized => ({ en: "Ask for a part or a net, not both.", es: "Pide una pieza o una red, no las dos." }),
  pageNeedsGroup: (): Localized => ({
    en: "page pages one group: give group too, or leave page out.",
    es: "page pagina un solo grupo: indica también group, o quita page.",
  }),
  pageOrCursor: (): Localized => ({ en: "give page or cursor, not both", es: "indica page o cursor, no los dos" }),
  cursorMismatch: (): Localized => ({
    en: "was made for other filters, another per_page or another caller: follow the Link address as it is",
    es: "se hizo para otros filtros, otro per_page u otro cliente: sigue la dirección del encabezado Link tal cual",
  }),
  cursorRefused: (): Localized => ({
    en: 'is not a cursor of this list: use the address in the Link header (rel="next") as it is',
    es: 'no es un cursor de esta lista: usa la dirección del encabezado Link (rel="next") tal cual',
  }),
  startOver: ({ days }: { days: number }): Localized => ({
    en: `This position is older than the feed's retention (${days} days): start over by reading the feed without since, from the beginning, into an empty copy.`,
    es: `Esta posición es más antigua que lo que guarda el registro (${days} días): empieza de nuevo leyendo el registro sin since, desde el principio, en una copia vacía.`,
  }),
  searchRebuilding: (): Localized => ({
    en: "Search is being rebuilt. Try again in a minute.",
    es: "La búsqueda se está reconstruyendo. Vuelve a intentarlo en un minuto.",
  }),
  // ---- keys and scopes ----
  keyRequired: (): Localized => ({
    en: "This endpoint needs an API key: send Authorization: Bearer <API_KEY>.",
    es: "Este punto necesita una clave de API: envía Authorization: Bearer <API_KEY>.",
  }),
  mineNeedsKey: (): Localized => ({
    en: "mine=true needs an API key: send Authorization: Bearer <API_KEY>.",
    es: "mine=true necesita una clave de API: envía Authorization: Bearer <API_KEY>.",
  }),
  keyRejected: (): Localized => ({
    en: "The API key is invalid, expired or revoked.",
    es: "La clave de API no es válida, caducó o fue revocada.",
  }),
  bearerMalformed: (): Localized => ({
    en: "The Authorization header must be: Bearer <API_KEY>.",
    es: "La cabecera Authorization debe ser: Bearer <API_KEY>.",
  }),
  accountInactive: (): Localized => ({
    en: "The account that owns this key is inactive.",
    es: "La cuenta dueña de esta clave está inactiva.",
  }),
  scopeMissing: ({ scopes }: { scopes: readonly string[] }): Localized => ({
    en: `This key lacks the scope ${list(scopes)}.`,
    es: `A esta clave le falta el permiso ${list(scopes)}.`,
  }),
  // ---- downloads and files ----
  useGetForDownload: (): Localized => ({
    en: "Use GET: each call issues a link and counts as a download.",
    es: "Usa GET: cada llamada emite un enlace y cuenta como una descarga.",
  }),
  notDownloadable: ({ status }: { status: string }): Localized => ({
    en: `This document is ${status}; only available documents can be downloaded.`,
    es: `Este documento está en estado ${status}; solo se pueden descargar documentos disponibles (available).`,
  }),
  boardviewUnreadable: ({ reason }: { reason: string }): Localized => ({
    en: `This document's boardview could not be read, so it has no drawing: ${reason}.`,
    es: `El boardview de este documento no se pudo leer, así que no tiene dibujo: ${reason}.`,
  }),
  fileRemoved: (): Localized => ({
    en: "The file behind this link was removed after the link was issued.",
    es: "El archivo de este enlace se eliminó después de emitirse el enlace.",
  }),
  rangeOutside: ({ size }: { size: number }): Localized => ({
    en: `The requested range is outside the file's ${size} bytes.`,
    es: `El rango pedido está fuera de los ${size} bytes del archivo.`,
  }),
  downloadsUnavailable: ({ missing, minLength }: { missing: boolean; minLength: number }): Localized => ({
    en: `Downloads are not available: the server setting FILES_SIGNING_KEY ${missing ? "is not set" : `is shorter than ${minLength} characters`}. Nothing was counted; retry later.`,
    es: `Las descargas no están disponibles: el ajuste del servidor FILES_SIGNING_KEY ${missing ? "no está definido" : `tiene menos de ${minLength} caracteres`}. No se contó nada; reintenta más tarde.`,
  }),
  linkSignatureInvalid: (): Localized => ({
    en: "This file link is not valid: its signature does not match. Ask the download endpoint for a new link.",
    es: "Este enlace de archivo no es válido: su firma no coincide. Pide un enlace nuevo al punto de descarga.",
  }),
  linkExpired: ({ at }: { at: string }): Localized => ({
    en: `This file link expired at ${at}. Ask the download endpoint for a new link.`,
    es: `Este enlace de archivo caducó el ${at}. Pide un enlace nuevo al punto de descarga.`,
  }),
} as const;

export type MessageId = keyof typeof msg;
