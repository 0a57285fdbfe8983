// `{site_url}/problems/{code}`: the short human page that every problem body's `type` points at.
import type { Context } from "hono";
import type { AppEnv } from "../../http/context";
import type { Lang } from "../../http/language";
import { PROBLEMS, problemTypeUrl, type ProblemCode } from "../../http/problem";
import type { Site } from "../context";
import { renderPage } from "../render";

// Partial so a code added elsewhere still gets a page (with the generic text) until it is described here.
const EXPLANATIONS: Partial<Record<ProblemCode, Record<Lang, string>>> = {
  unauthorized: {
    en: "No API key was sent where one is required, or the key that was sent is unknown, expired or revoked. A key that is sent must be valid even on open endpoints: it is never treated as anonymous.",
    es: "No se envió una clave de API donde hace falta, o la clave enviada es desconocida, caducó o fue revocada. Una clave enviada debe ser válida incluso en los puntos abiertos: nunca se trata como anónima.",
  },
  forbidden: {
    en: "The key lacks a scope the endpoint needs, or its account is inactive. The body lists required_scopes.",
    es: "A la clave le falta un permiso (scope) que el punto necesita, o su cuenta está inactiva. El cuerpo indica required_scopes.",
  },
  "not-found": {
    en: "Nothing exists at this address, or it is not visible to the caller. Both cases look the same on purpose.",
    es: "No existe nada en esta dirección, o no es visible para quien pregunta. Ambos casos se ven iguales a propósito.",
  },
  "method-not-allowed": {
    en: "The address exists but not with this HTTP method. The Allow header lists the methods it supports.",
    es: "La dirección existe, pero no con este método HTTP. La cabecera Allow indica los métodos admitidos.",
  },
  conflict: {
    en: "The request conflicts with the current state, for example an upload external_id reused with a different payload.",
    es: "La petición choca con el estado actual, por ejemplo un external_id de subida reutilizado con otro contenido.",
  },
  "not-available": {
    en: "The document cannot be downloaded because it is not available (still processing, rejected or withdrawn).",
    es: "El documento no se puede descargar porque no está disponible (en proceso, rechazado o retirado).",
  },
  gone: {
    en: "The document imported under this external_id was deleted; the id cannot be used again.",
    es: "El documento importado con este external_id fue eliminado; el identificador no puede volver a usarse.",
  },
  "payload-too-large": {
    en: "The request body is larger than this endpoint accepts. The detail names the limit; send less in one request.",
    es: "El cuerpo de la petición es mayor de lo que acepta este punto. El detalle indica el límite; envía menos en una sola petición.",
  },
  "validation-failed": {
    en: "A parameter, field or file is missing or invalid. The errors object maps each field to what is wrong with it.",
    es: "Falta un parámetro, campo o archivo, o no es válido. El objeto errors indica qué falla en cada campo.",
  },
  "rate-limited": {
    en: "Too many requests in a short time. Wait the number of seconds in the Retry-After header before trying again.",
    es: "Demasiadas peticiones en poco tiempo. Espera los segundos que indica la cabecera Retry-After antes de reintentar.",
  },
  "download-cap-reached": {
    en: "The account reached its cap of download links for the last 24 hours. Bulk downloading is forbidden by the terms of use.",
    es: "La cuenta alcanzó su límite de enlaces de descarga de las últimas 24 horas. La descarga masiva está prohibida por las condiciones de uso.",
  },
  "upload-rate-exceeded": {
    en: "The account made too many uploads in the last hour. Retry-After says when the next one is accepted.",
    es: "La cuenta hizo demasiadas subidas en la última hora. Retry-After indica cuándo se aceptará la siguiente.",
  },
  internal: {
    en: "Something failed on the server. The request_id identifies the failure in the logs; retrying later may help.",
    es: "Algo falló en el servidor. El request_id identifica el fallo en los registros; reintentar más tarde puede servir.",
  },
};

export function isProblemCode(code: string): code is ProblemCode {
  return Object.hasOwn(PROBLEMS, code);
}

export async function problemPage(c: Context<AppEnv>, site: Site, code: ProblemCode): Promise<Response> {
  const { s } = site;
  const { status, title } = PROBLEMS[code];
  const url = problemTypeUrl(site.siteUrl, code);
  const explanation = EXPLANATIONS[code]?.[site.lang] ?? `${title} (HTTP ${status}).`;
  // One address serves both languages (negotiated), so every alternate is the same url.
  return renderPage(
    c,
    site,
    { title: `${s.problemTitle}: ${title}`, description: explanation, canonical: url, alternates: { es: url, en: url }, xDefault: url },
    <article>
      <h1>{title}</h1>
      <dl class="facts">
        <dt>{s.problemCodeLabel}</dt>
        <dd><code>{code}</code></dd>
        <dt>{s.problemStatus}</dt>
        <dd>{status}</dd>
        <dt>type</dt>
        <dd><code>{url}</code></dd>
      </dl>
      <p>{explanation}</p>
      <p><a href={`${site.siteUrl}/api/v1/docs`}>{s.apiDocs}</a></p>
    </article>,
  );
}
