// The HTML search page (/en/search, /es/buscar): same results as GET /api/v1/search for an anonymous
// visitor, validation like the API's, escaping of hostile queries, never private content; the header form.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { getJson, KEYS, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { html, linkHref, page } from "../helpers/site";

/** A private document of alice whose page text names words the public sample also has. */
const PRIVATE_DOC = {
  id: "01JQ1000000000000000000001",
  title: "Alice zephyr diary",
  pageText: "private notes: U7000 swapped, PP3V42_G3H zephyrtrace measured",
};

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, {
    documents: [
      {
        id: PRIVATE_DOC.id,
        title: PRIVATE_DOC.title,
        type: "document",
        visibility: "private",
        owner: "alice",
        versions: [{ version: 1, filename: "diary.txt", content_text: "diary" }],
        pages: [PRIVATE_DOC.pageText],
      },
    ],
  });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

const SEARCH = { en: "/en/search", es: "/es/buscar" } as const;

/** The links of one result group (`<section aria-labelledby="results-…">`). */
function groupLinks(markup: string, group: string): string[] {
  const section = new RegExp(`<section aria-labelledby="results-${group}">([\\s\\S]*?)</section>`).exec(markup)?.[1] ?? "";
  return [...section.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

describe("search page", () => {
  for (const lang of ["en", "es"] as const) {
    it(`renders the same results as the API for an anonymous visitor (${lang})`, async () => {
      const res = await page(`${SEARCH[lang]}?q=U7000`);
      const markup = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Content-Language")).toBe(lang);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
      expect(markup).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
      expect(markup.match(/<h1[ >]/g)).toHaveLength(1);

      const api = (await getJson("/search?q=U7000", { lang })).body.data;
      expect(api.threads.length + api.cases.length + api.documents.length).toBeGreaterThan(0);
      for (const group of ["boards", "documents", "threads", "posts", "cases"] as const) {
        expect(groupLinks(markup, group), group).toEqual(api[group].map((item: { url: string }) => item.url));
      }
      // Every result link opens its page in the same language.
      for (const url of [...markup.matchAll(/<section aria-labelledby="results-[a-z]+">[\s\S]*?<\/section>/g)].flatMap((m) => groupLinks(m[0], ""))) {
        expect(url.startsWith(`${ORIGIN}/${lang}/`), url).toBe(true);
      }
    });
  }

  it("finds words only in a document's page text and the board by another spelling of its number", async () => {
    const markup = await html("/en/search?q=PP3V42");
    expect(groupLinks(markup, "documents")).toContain((await getJson(`/documents/${SAMPLE_IDS.publicSchematic}`, { lang: "en" })).body.data.url);

    for (const spelling of ["82000165", "820 00165", "820-00165"]) {
      const markup = await html(`/es/buscar?q=${encodeURIComponent(spelling)}`);
      expect(groupLinks(markup, "boards")[0], spelling).toBe(`${ORIGIN}/es/placas/82000165`);
      expect(markup).toContain(">820-00165</a>");
    }
  });

  it("filters documents by type and keeps the type in the form and the addresses", async () => {
    const schematics = await html("/en/search?q=820-00165&type=schematic");
    expect(groupLinks(schematics, "documents").length).toBeGreaterThan(0);
    expect(schematics).toMatch(/<option value="schematic" selected="">schematic<\/option>/);
    expect(linkHref(schematics, "canonical")).toBe(`${ORIGIN}/en/search?q=820-00165&type=schematic`);

    const datasheets = await html("/en/search?q=820-00165&type=datasheet");
    expect(groupLinks(datasheets, "documents")).toEqual([]);
    // The "any type" option sends an empty type: the same as none.
    expect(groupLinks(await html("/en/search?q=820-00165&type="), "documents")).toEqual(
      groupLinks(await html("/en/search?q=820-00165"), "documents"),
    );
  });

  it("carries the query in canonical, hreflang alternates and the language switch", async () => {
    const q = "no power ñ";
    const markup = await html(`/en/search?q=${encodeURIComponent(q)}`);
    const en = `${ORIGIN}/en/search?q=no+power+%C3%B1`;
    const es = `${ORIGIN}/es/buscar?q=no+power+%C3%B1`;
    expect(linkHref(markup, "canonical")).toBe(en);
    expect(linkHref(markup, "alternate", "en")).toBe(en);
    expect(linkHref(markup, "alternate", "es")).toBe(es);
    expect(markup).toContain(`<a href="${es}" hreflang="es" lang="es">English`.replace("English", "Español"));
    expect(markup).toContain(`value="${q}"`);
  });

  it("an empty q shows just the form; no results shows a friendly message", async () => {
    for (const path of ["/en/search", "/en/search?q=", "/en/search?q=%20%20"]) {
      const res = await page(path);
      const markup = await res.text();
      expect(res.status, path).toBe(200);
      expect(markup).toContain('<form class="search-page" role="search"');
      expect(markup).not.toContain('role="alert"');
      expect(markup).not.toContain('aria-labelledby="results-');
      expect(markup).not.toContain("Nothing matched");
    }
    const none = await html("/es/buscar?q=xylophonequartz");
    expect(none).toContain('<p role="status">No hubo coincidencias.');
    expect(none).not.toContain('aria-labelledby="results-');
  });

  it("rejects a q of 1 or more than 200 characters and an unknown type with the form and a clear message (422)", async () => {
    const cases: [string, RegExp][] = [
      ["/en/search?q=a", /Type at least 2 characters/],
      [`/en/search?q=${"x".repeat(201)}`, /Type at least 2 characters \(at most 200\)/],
      [`/es/buscar?q=${"é".repeat(201)}`, /Escribe al menos 2 caracteres/],
      ["/en/search?q=U7000&type=spreadsheet", /Choose a document type from the list/],
    ];
    for (const [path, message] of cases) {
      const res = await page(path);
      const markup = await res.text();
      expect(res.status, path).toBe(422);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(markup).toContain('<meta name="robots" content="noindex"/>');
      expect(markup).toMatch(/<div id="search-error" class="warn" role="alert"><p>[^<]+<\/p><\/div>/);
      expect(markup).toMatch(message);
      expect(markup).toContain('aria-invalid="true"');
      expect(markup).not.toContain('aria-labelledby="results-');
    }
    // The API answers the same input the same way.
    expect((await getJson("/search?q=U7000&type=spreadsheet", { status: 422 })).res.status).toBe(422);
  });

  it("never shows a private document, even when its page text matches (the API shows it to its owner)", async () => {
    const forAlice = (await getJson("/search?q=zephyrtrace", { key: KEYS.aliceRead })).body.data;
    expect(forAlice.documents.map((d: { id: string }) => d.id)).toContain(PRIVATE_DOC.id);

    for (const q of ["zephyrtrace", "private notes", "U7000", "PP3V42_G3H", "Alice", "diary"]) {
      // Alice's key is ignored by the site: pages are what an anonymous visitor sees.
      const markup = await html(`/en/search?q=${encodeURIComponent(q)}`, { Authorization: `Bearer ${KEYS.aliceRead}` });
      const shown = markup.split(q).join("");
      for (const secret of [PRIVATE_DOC.id, "Alice zephyr diary", "Alice private notes", SAMPLE_IDS.alicePrivate, "private notes"])
        expect(shown, `${q}: ${secret}`).not.toContain(secret);
    }
    expect(await html("/en/search?q=zephyrtrace")).toContain('<p role="status">Nothing matched.');
  });

  it("renders hostile queries as text", async () => {
    const hostile = [
      `<script>alert(1)</script>`,
      `"><script>alert(1)</script>`,
      `' onmouseover='alert(1)`,
      `U7000" OR 1=1 --`,
      `</title><script>x()</script>`,
      `"unbalanced NEAR(`,
      `🔥🔥 <img src=x onerror=alert(1)>`,
    ];
    for (const q of hostile) {
      const res = await page(`/en/search?q=${encodeURIComponent(q)}`);
      const markup = await res.text();
      expect(res.status, q).toBe(200);
      expect(markup, q).not.toContain("<script");
      expect(markup, q).not.toContain("<img");
      expect(markup, q).not.toContain("' onmouseover='");
      expect(markup, q).not.toMatch(/"><script/);
      expect(markup).toContain("</html>");
    }
    const long = `<script>${"a".repeat(5000)}</script>`;
    const res = await page(`/en/search?q=${encodeURIComponent(long)}`);
    const markup = await res.text();
    expect(res.status).toBe(422);
    expect(markup).not.toContain("<script");
    // The echo in the form is cut to what a search may hold (200 characters, "<script>" included).
    expect(markup).toContain(`value="&lt;script&gt;${"a".repeat(192)}"`);
    expect(markup).not.toContain("a".repeat(193));
  });

  it("only answers at the address of its language", async () => {
    for (const path of ["/en/buscar?q=U7000", "/es/search?q=U7000"]) {
      const res = await page(path);
      await res.text();
      expect(res.status, path).toBe(404);
    }
  });
});

describe("header search form", () => {
  it("is on every page, labelled, and submits to the search page of the page's language", async () => {
    const pages: [string, string][] = [
      ["/en", "/en/search"],
      ["/es", "/es/buscar"],
      ["/en/forum", "/en/search"],
      [`/es/biblioteca/${SAMPLE_IDS.publicSchematic}/820-00165-schematic`, "/es/buscar"],
      ["/en/search?q=U7000", "/en/search"],
    ];
    for (const [path, action] of pages) {
      const markup = await html(path);
      const form = /<form class="search" role="search"[^>]*>([\s\S]*?)<\/form>/.exec(markup);
      expect(form, path).not.toBeNull();
      expect(form![0]).toContain(`action="${ORIGIN}${action}"`);
      expect(form![0]).toContain('method="get"');
      expect(form![1]).toMatch(/<label for="site-search"[^>]*>[^<]+<\/label>/);
      expect(form![1]).toMatch(/<input id="site-search" type="search" name="q"/);
      expect(form![1]).toMatch(/<button type="submit">[^<]+<\/button>/);
    }
    const notFound = await page("/en/forum/01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(await notFound.text()).toContain(`action="${ORIGIN}/en/search"`);
  });
});
