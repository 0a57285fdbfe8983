// The schematic page view's words, per language (issue 55): the page writes them; the script reads its few from
// the root's data-words. Kept beside site/i18n.ts's table, one per language.
import type { Lang } from "../../core/language";

const en = {
  title: (title: string, page: number) => `${title}, page ${page}`,
  pageOf: (page: number, count: number | null) => (count ? `Page ${page} of ${count}` : `Page ${page}`),
  marking: (name: string) => `Where ${name} is printed on this page.`,
  notPrinted: (name: string) => `${name} is not printed as a word on this page.`,
  document: "The document",
  around: "The words around it",
  signIn: "Sign in to see the page drawn, with the name marked.",
  signInLink: "Sign in",
  drawing: "The page as drawn, with the name marked; names of the board's boardview lead back to it.",
  loading: "Drawing the page…",
  failed: "The page could not be drawn.",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  fit: "Whole page",
  capped: (limit: number) => `You reached today's ${limit} downloads: the page is drawn again tomorrow. The words around the name are below.`,
  openInViewer: (name: string) => `${name} on the boardview`,
  pagesNaming: "Schematic pages that draw it",
};

const es: typeof en = {
  title: (title, page) => `${title}, página ${page}`,
  pageOf: (page, count) => (count ? `Página ${page} de ${count}` : `Página ${page}`),
  marking: (name) => `Dónde está impreso ${name} en esta página.`,
  notPrinted: (name) => `${name} no está impreso como palabra en esta página.`,
  document: "El documento",
  around: "Las palabras que lo rodean",
  signIn: "Inicia sesión para ver la página dibujada, con el nombre marcado.",
  signInLink: "Iniciar sesión",
  drawing: "La página dibujada, con el nombre marcado; los nombres del boardview de la placa llevan a él.",
  loading: "Dibujando la página…",
  failed: "No se pudo dibujar la página.",
  zoomIn: "Acercar",
  zoomOut: "Alejar",
  fit: "Página entera",
  capped: (limit) => `Llegaste a las ${limit} descargas de hoy: la página se vuelve a dibujar mañana. Debajo, las palabras alrededor del nombre.`,
  openInViewer: (name) => `${name} en el boardview`,
  pagesNaming: "Páginas del esquema que lo dibujan",
};

export type SchematicWords = typeof en;

export function schematicWords(lang: Lang): SchematicWords {
  return lang === "es" ? es : en;
}
