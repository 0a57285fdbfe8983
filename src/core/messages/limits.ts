// The words of the limits' refusals (429 and the oversized MCP batch), in English and Spanish.
import type { Localized } from "./text";

type Refusal = (p: { limit: number; retry: number }) => Localized;

export const limitMsg = {
  anonymous: ({ limit, retry }) => ({
    en: `Too many requests from this address: at most ${limit} a minute without a valid key. Retry in ${retry} s.`,
    es: `Demasiadas peticiones desde esta dirección: como mucho ${limit} por minuto sin una clave válida. Reintenta en ${retry} s.`,
  }),
  key: ({ limit, retry }) => ({
    en: `Too many requests with this key: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiadas peticiones con esta clave: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  site: ({ limit, retry }) => ({
    en: `Too many pages from this address: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiadas páginas desde esta dirección: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  link: ({ limit, retry }) => ({
    en: `Too many requests for this download link: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiadas peticiones a este enlace de descarga: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  mcp: ({ limit, retry }) => ({
    en: `Too many MCP tool calls and resource reads from this address: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiadas llamadas a herramientas y lecturas de recursos MCP desde esta dirección: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  downloads: ({ limit, retry }) => ({
    en: `This account has reached its cap of ${limit} downloads per 24 hours. The next download is possible in ${retry} s.`,
    es: `Esta cuenta alcanzó su límite de ${limit} descargas cada 24 horas. La próxima descarga será posible en ${retry} s.`,
  }),
  forms: ({ limit, retry }) => ({
    en: `Too many form posts from this address: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiados envíos de formularios desde esta dirección: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  member: ({ limit, retry }) => ({
    en: `Too many form posts for this account: at most ${limit} a minute. Retry in ${retry} s.`,
    es: `Demasiados envíos de formularios de esta cuenta: como mucho ${limit} por minuto. Reintenta en ${retry} s.`,
  }),
  uploads: ({ limit, retry }) => ({
    en: `This account may upload ${limit} files per hour. Retry after ${retry} seconds.`,
    es: `Esta cuenta puede subir ${limit} archivos por hora. Reintenta pasados ${retry} segundos.`,
  }),
} as const satisfies Record<string, Refusal>;

export const mcpBatchMsg = {
  batchNeverServed: ({ reads, limit }: { reads: number; limit: number }): Localized => ({
    en: `This batch carries ${reads} tool calls and resource reads; an address may make at most ${limit} a minute, so it can never be served. Send at most ${limit} per request.`,
    es: `Este lote lleva ${reads} llamadas a herramientas y lecturas de recursos; una dirección puede hacer como mucho ${limit} por minuto, así que nunca se podrá atender. Envía como mucho ${limit} por petición.`,
  }),
  bodyTooLarge: ({ bytes }: { bytes: number }): Localized => ({
    en: `An MCP request body may be at most ${bytes} bytes (64 KiB).`,
    es: `El cuerpo de una petición MCP puede tener como mucho ${bytes} bytes (64 KiB).`,
  }),
};
