// The words of the upload's refusals (src/ingest/*), in English and Spanish: top-level details and the field
// messages the service writes itself.
import type { Localized } from "./text";

/** How an operator adds a board: the same command in both languages (docs/uploads.md). */
const BOARDS_CREATE = "npm run admin -- boards:create NUMBER --manufacturer NAME [--alias OTHER]";

export const ingestMsg = {
  unknownBoard: ({ board }: { board: string }): Localized => ({
    en: `unknown board: ${board}. Boards are added by an operator (${BOARDS_CREATE}); then send the upload again`,
    es: `placa desconocida: ${board}. Las placas las añade un operador (${BOARDS_CREATE}); después envía de nuevo la subida`,
  }),
  /** The detail of a refusal naming an unknown board: which fields, and who adds boards. */
  unknownBoardDetail: ({ fields }: { fields: readonly string[] }): Localized => ({
    en: `Invalid value for ${fields.join(", ")}. The library does not know a board named in boards yet: an operator adds it with ${BOARDS_CREATE}.`,
    es: `Valor no válido en ${fields.join(", ")}. La biblioteca aún no conoce una placa de boards: un operador la añade con ${BOARDS_CREATE}.`,
  }),
  inFlight: (): Localized => ({
    en: "An upload with this external_id is still being received. Retry after a few seconds to get its result.",
    es: "Una subida con este external_id aún se está recibiendo. Reintenta en unos segundos para obtener su resultado.",
  }),
  externalIdGone: (): Localized => ({
    en: "The document uploaded under this external_id was deleted; the id cannot be used again.",
    es: "El documento subido con este external_id fue eliminado; el identificador no puede volver a usarse.",
  }),
  payloadConflict: (): Localized => ({
    en: "This external_id was already used for an upload with a different file or different metadata.",
    es: "Este external_id ya se usó para una subida con otro archivo u otros metadatos.",
  }),
  sendFailed: (): Localized => ({
    en: "The upload could not be handed to processing. Nothing was kept; retry with the same external_id.",
    es: "La subida no se pudo pasar a procesamiento. No se guardó nada; reintenta con el mismo external_id.",
  }),
  quota: ({ bytes }: { bytes: number }): Localized => ({
    en: `would exceed this account's storage quota of ${bytes} bytes`,
    es: `superaría la cuota de almacenamiento de esta cuenta, de ${bytes} bytes`,
  }),
  malformedMultipart: ({ reason }: { reason: string }): Localized => ({
    en: `is not valid multipart/form-data: ${reason}`,
    es: `no es multipart/form-data válido: ${reason}`,
  }),
  bodyTooLarge: ({ reason, max }: { reason: string; max: number }): Localized => ({
    en: `${reason}; uploads are limited to ${max} bytes`,
    es: `${reason}; las subidas están limitadas a ${max} bytes`,
  }),
  notMultipart: ({ got }: { got: string | undefined }): Localized => ({
    en: `must be multipart/form-data with a boundary (got ${got ?? "no Content-Type"})`,
    es: `debe ser multipart/form-data con boundary (llegó ${got ?? "sin Content-Type"})`,
  }),
  declaredTooLarge: ({ length, max }: { length: number; max: number }): Localized => ({
    en: `the request is ${length} bytes; uploads are limited to ${max} bytes`,
    es: `la petición tiene ${length} bytes; las subidas están limitadas a ${max} bytes`,
  }),
  fileMissing: (): Localized => ({
    en: 'is required: send the file as a multipart part named "file" with a filename',
    es: 'es obligatorio: envía el archivo como una parte multipart llamada "file" con nombre de archivo',
  }),
  fileEmpty: (): Localized => ({ en: "is empty (0 bytes)", es: "está vacío (0 bytes)" }),
  rightsNeeded: (): Localized => ({ en: "must be true for public uploads", es: "debe ser true para subidas públicas" }),
  tooLong: (): Localized => ({ en: "is too long", es: "es demasiado largo" }),
  fileNotText: (): Localized => ({
    en: "must be a file part (with a filename), not a text field",
    es: "debe ser una parte de archivo (con nombre de archivo), no un campo de texto",
  }),
  unknownField: (): Localized => ({ en: "is not a field of this form", es: "no es un campo de este formulario" }),
  sentTwice: (): Localized => ({ en: "must be sent once", es: "debe enviarse una sola vez" }),
};
