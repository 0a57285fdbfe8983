// The MCP tools' nouns in both languages (singular, plural) and the change feed's kinds as a heading names them:
// the tables src/mcp/i18n.ts builds its words from.
import type { Lang } from "../../core/language";

type Units = Record<string, [string, string]>;

/** The change feed's kinds (list_recent's `kind`) as a heading names them. */
export const FEED_KINDS: Record<Lang, Record<string, string>> = {
  en: { threads: "forum threads", posts: "blog posts", cases: "repair cases", files: "library files" },
  es: { threads: "los hilos del foro", posts: "las entradas del blog", cases: "los casos de reparación", files: "los archivos de la biblioteca" },
};

export const enUnits = {
  reply: ["reply", "replies"],
  page: ["page", "pages"],
  comment: ["comment", "comments"],
  like: ["like", "likes"],
  download: ["download", "downloads"],
  thread: ["thread", "threads"],
  item: ["item", "items"],
  part: ["part", "parts"],
  publicDocument: ["public document", "public documents"],
  board: ["board", "boards"],
  document: ["document", "documents"],
  forumThread: ["forum thread", "forum threads"],
  blogPost: ["blog post", "blog posts"],
  repairCase: ["repair case", "repair cases"],
  boardview: ["boardview", "boardviews"],
  component: ["part", "parts"],
  pin: ["pin", "pins"],
  net: ["net", "nets"],
  testPoint: ["test point", "test points"],
} satisfies Units;

export type Unit = keyof typeof enUnits;

export const esUnits: Record<Unit, [string, string]> = {
  reply: ["respuesta", "respuestas"],
  page: ["página", "páginas"],
  comment: ["comentario", "comentarios"],
  like: ["me gusta", "me gusta"],
  download: ["descarga", "descargas"],
  thread: ["hilo", "hilos"],
  item: ["elemento", "elementos"],
  part: ["parte", "partes"],
  publicDocument: ["documento público", "documentos públicos"],
  board: ["placa", "placas"],
  document: ["documento", "documentos"],
  forumThread: ["hilo del foro", "hilos del foro"],
  blogPost: ["entrada del blog", "entradas del blog"],
  boardview: ["boardview", "boardviews"],
  repairCase: ["caso de reparación", "casos de reparación"],
  component: ["componente", "componentes"],
  pin: ["pin", "pines"],
  net: ["red", "redes"],
  testPoint: ["punto de prueba", "puntos de prueba"],
};
