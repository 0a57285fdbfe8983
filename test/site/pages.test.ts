import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { PROBLEMS } from "../../src/http/problem";
import { expectProblem, getJson, ORIGIN, SAMPLE_IDS, seedSample } from "../helpers/app";
import { html, idByTitle, linkHref, metaProperty, page } from "../helpers/site";
import { captureConsole } from "../helpers/console";

beforeAll(seedSample);

const LANGS = ["en", "es"] as const;

/** The canonical url of each visible sample item, per language, as the API gives it. */
async function apiUrl(path: string, lang: string): Promise<string> {
  return (await getJson(path, { lang })).body.data.url;
}

async function expectNotFoundPage(path: string, lang?: string) {
  const res = await page(path);
  const body = await res.text();
  expect(res.status, path).toBe(404);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  expect(res.headers.get("Cache-Control")).toBe("no-store");
  expect(body).toContain("<!DOCTYPE html>");
  if (lang) expect(body).toContain(`<html lang="${lang}"`);
  expect(body).toContain('<meta name="robots" content="noindex"/>');
  return body;
}

describe("item pages render what an anonymous visitor may see", () => {
  const visible = async () => {
    const postId = (await getJson("/posts")).body.data[0].id;
    const caseId = (await getJson("/cases")).body.data[0].id;
    return {
      thread: `/forum/threads/${SAMPLE_IDS.thread}`,
      post: `/posts/${postId}`,
      case: `/cases/${caseId}`,
      document: `/documents/${SAMPLE_IDS.publicSchematic}`,
      board: "/boards/820-00165",
    };
  };

  for (const lang of LANGS) {
    it(`every page type answers 200 with head metadata (${lang})`, async () => {
      for (const [kind, apiPath] of Object.entries(await visible())) {
        const url = await apiUrl(apiPath, lang);
        const other = await apiUrl(apiPath, lang === "en" ? "es" : "en");
        const res = await page(url);
        const markup = await res.text();
        expect(res.status, `${kind} ${url}`).toBe(200);
        expect(res.headers.get("Content-Language")).toBe(lang);
        expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
        expect(res.headers.get("ETag")).toMatch(/^"[0-9a-f]{32}"$/);
        expect(markup).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
        expect(linkHref(markup, "canonical")).toBe(url);
        expect(linkHref(markup, "alternate", lang)).toBe(url);
        expect(linkHref(markup, "alternate", lang === "en" ? "es" : "en")).toBe(other);
        expect(linkHref(markup, "alternate", "x-default")).toBe(lang === "es" ? url : other);
        expect(metaProperty(markup, "og:url")).toBe(url);
        expect(metaProperty(markup, "og:title")).toBeTruthy();
        expect(markup).toMatch(
          /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="https:\/\/boards\.test\/(en|es)\/feeds\/forum\.atom"\/>/,
        );
        expect(markup).toContain('<main id="content"');
        expect(markup.match(/<h1[ >]/g)).toHaveLength(1);
        expect(markup, "the inline stylesheet is not HTML-escaped").toMatch(/<style>[^<]*"Segoe UI"[^<]*<\/style>/);
      }
    });
  }

  it("answers 304 to a matching If-None-Match and varies the ETag with the body", async () => {
    const url = await apiUrl(`/forum/threads/${SAMPLE_IDS.thread}`, "en");
    const first = await page(url);
    await first.text();
    const etag = first.headers.get("ETag")!;
    const again = await page(url, { "If-None-Match": `W/${etag}` });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const spanish = await page(await apiUrl(`/forum/threads/${SAMPLE_IDS.thread}`, "es"));
    await spanish.text();
    expect(spanish.headers.get("ETag")).not.toBe(etag);
  });

  it("a thread shows its body as sanitised HTML and its visible replies, never the hidden one", async () => {
    const markup = await html(await apiUrl(`/forum/threads/${SAMPLE_IDS.thread}`, "en"));
    expect(markup).toContain("<strong>5V only</strong>");
    expect(markup).toContain("Check U7000.");
    expect(markup).toContain("Replaced U7000, fixed.");
    expect(markup).not.toContain("spam");
    expect(markup).toContain("Accepted solution");
    expect(markup).toContain(`href="${ORIGIN}/en/boards/82000165"`);
    expect(markup).toContain(`href="${ORIGIN}/en/library/${SAMPLE_IDS.publicSchematic}/`);
  });

  it("a thread's replies are paged by 50 like the API: page 2 of a short thread is a 404, a bad page too", async () => {
    const url = await apiUrl(`/forum/threads/${SAMPLE_IDS.thread}`, "en");
    await expectNotFoundPage(`${url}?page=2`, "en");
    await expectNotFoundPage(`${url}?page=abc`, "en");
    await expectNotFoundPage(`${url}?page=0`, "en");
    expect(await html(`${url}?page=1`)).toContain("Check U7000.");
  });

  it("a repair case has its measurements and components tables", async () => {
    const caseId = (await getJson("/cases")).body.data[0].id;
    const markup = await html(await apiUrl(`/cases/${caseId}`, "es"));
    expect(markup).toMatch(/<caption id="measurements" class="vh">Mediciones<\/caption><thead><tr><th scope="col">Punto<\/th>/);
    expect(markup).toContain("<code>PP3V42_G3H</code></th><td>3.42 V</td><td>0 V</td>");
    expect(markup).toMatch(/<caption id="components" class="vh">Componentes<\/caption>/);
    expect(markup).toContain("<code>U7000</code></th><td>TPS62180</td><td>replaced</td>");
    expect(markup).toContain(`${ORIGIN}/es/foro/${SAMPLE_IDS.thread}/`);
  });

  it("a case whose text opens with its section's own heading shows that heading once", async () => {
    const caseId = (await getJson("/cases")).body.data[0].id;
    const before = await env.DB.prepare("select diagnosis_html, fix_html from repair_cases where id = ?")
      .bind(caseId)
      .first<{ diagnosis_html: string; fix_html: string }>();
    // Members write "## Diagnóstico" (or "## Diagnostico") at the top of the diagnosis, and "## Fix" above the fix.
    await env.DB.prepare(
      "update repair_cases set diagnosis_html = '<h2>Diagnostico</h2>' || diagnosis_html, fix_html = '<h2>Fix</h2>' || fix_html where id = ?",
    )
      .bind(caseId)
      .run();
    try {
      const es = await html(await apiUrl(`/cases/${caseId}`, "es"));
      expect(es.match(/>Diagn[oó]stico</g)).toHaveLength(1);
      expect(es).toContain("Corrosion near");
      const en = await html(await apiUrl(`/cases/${caseId}`, "en"));
      expect(en.match(/>Fix</g)).toHaveLength(1);
    } finally {
      await env.DB.prepare("update repair_cases set diagnosis_html = ?, fix_html = ? where id = ?")
        .bind(before!.diagnosis_html, before!.fix_html, caseId)
        .run();
    }
  });

  it("a document page downloads through a member's form, explains keys for scripts and links their settings, and never links a file", async () => {
    const markup = await html(await apiUrl(`/documents/${SAMPLE_IDS.publicSchematic}`, "en"));
    expect(markup).toContain(`<form method="post" action="${ORIGIN}/en/account/download/${SAMPLE_IDS.publicSchematic}" data-download="true">`);
    expect(markup).toContain('<button type="submit" aria-describedby="download-help">Download</button>');
    expect(markup).toContain(`personal read key under <a href="${ORIGIN}/en/account/keys">API keys</a>`);
    expect(markup).not.toContain("ask one of them");
    const es = await html(await apiUrl(`/documents/${SAMPLE_IDS.publicSchematic}`, "es"));
    expect(es).toContain(`<a href="${ORIGIN}/es/account/keys">Claves de API</a>`);
    expect(markup).not.toMatch(/href="[^"]*\/(files|download)[/"?]/);
    expect(markup).toContain("Versions");
    expect(markup).toContain(`href="${ORIGIN}/en/boards/82000165"`);
  });

  it("a board page lists only the documents an anonymous visitor may see", async () => {
    const nma = await html("/en/boards/NMA311");
    expect(nma).not.toContain("Alice private notes");
    expect(nma).not.toContain("NM-A311 boardview");
    const apple = await html("/es/placas/82000165");
    expect(apple).toContain("820-00165 schematic");
    expect(apple).toContain("J130 dead after liquid");
    expect(apple).not.toContain("Processing upload");
    expect(apple).not.toContain("Taken down manual");
    expect(apple).not.toContain("Unpublished case");
  });

  it("a blog post shows its comments", async () => {
    const postId = (await getJson("/posts")).body.data[0].id;
    const markup = await html(await apiUrl(`/posts/${postId}`, "es"));
    // The post's Markdown "# Paso 1" sits under the page's h1, so it is demoted to keep the heading order.
    expect(markup).toContain("<h2>Paso 1</h2>");
    expect(markup).toContain("Great!");
  });
});

describe("hidden and unknown items are real 404 pages", () => {
  it("private, shared, processing and taken-down documents, unpublished threads, draft and scheduled posts, unpublished cases", async () => {
    const draft = await idByTitle("blog_posts", "Draft post");
    const scheduled = await idByTitle("blog_posts", "Scheduled post");
    const unpublishedCase = await idByTitle("repair_cases", "Unpublished case");
    const hidden = {
      en: [
        `/en/library/${SAMPLE_IDS.alicePrivate}/alice-private-notes`,
        `/en/library/${SAMPLE_IDS.sharedBoardview}`,
        `/en/library/${SAMPLE_IDS.processing}`,
        `/en/library/${SAMPLE_IDS.takedown}`,
        `/en/forum/${SAMPLE_IDS.hiddenThread}/held-for-moderation`,
        `/en/blog/${draft}/draft-post`,
        `/en/blog/${scheduled}`,
        `/en/repairs/${unpublishedCase}/unpublished-case`,
        "/en/boards/NO-SUCH-BOARD",
      ],
      es: [
        `/es/biblioteca/${SAMPLE_IDS.alicePrivate}/alice-private-notes`,
        `/es/biblioteca/${SAMPLE_IDS.sharedBoardview}`,
        `/es/biblioteca/${SAMPLE_IDS.processing}`,
        `/es/biblioteca/${SAMPLE_IDS.takedown}`,
        `/es/foro/${SAMPLE_IDS.hiddenThread}/held-for-moderation`,
        `/es/blog/${draft}/draft-post`,
        `/es/blog/${scheduled}`,
        `/es/reparaciones/${unpublishedCase}/unpublished-case`,
        "/es/placas/NO-SUCH-BOARD",
      ],
    };
    for (const lang of LANGS) {
      for (const path of hidden[lang]) {
        const body = await expectNotFoundPage(path, lang);
        for (const secret of ["Alice private notes", "Held for moderation", "Draft post", "Scheduled post", "Unpublished case"])
          expect(body).not.toContain(secret);
      }
    }
  });

  it("malformed ids, unknown sections and other languages are 404 pages; the API keeps problem+json", async () => {
    await expectNotFoundPage("/en/forum/not-a-ulid/x", "en");
    await expectNotFoundPage(`/en/forum/${SAMPLE_IDS.thread}/slug/extra`, "en");
    await expectNotFoundPage(`/en/foro/${SAMPLE_IDS.thread}`, "en");
    await expectNotFoundPage(`/fr/forum/${SAMPLE_IDS.thread}`);
    await expectNotFoundPage("/en/nothing-here", "en");
    await expectNotFoundPage("/es/feeds/nothing.atom", "es");
    await expectNotFoundPage("/no/such/page");
    await expectProblem(await page("/api/v1/no-such-endpoint"), 404, "not-found");
    await expectProblem(await page(`/api/v1/forum/threads/${SAMPLE_IDS.hiddenThread}`), 404, "not-found");
  });

  it("a page ignores a sent key: it shows what an anonymous visitor sees", async () => {
    const res = await page(`/en/library/${SAMPLE_IDS.alicePrivate}`, { Authorization: "Bearer bds_aliceRead0000000000000000000001" });
    expect(res.status).toBe(404);
    await res.text();
  });
});

describe("addresses", () => {
  it("a missing or wrong slug and a lower-case id redirect (301) to the canonical address, keeping the query", async () => {
    const canonical = await apiUrl(`/forum/threads/${SAMPLE_IDS.thread}`, "en");
    for (const path of [
      `/en/forum/${SAMPLE_IDS.thread}`,
      `/en/forum/${SAMPLE_IDS.thread}/old-title`,
      `/en/forum/${SAMPLE_IDS.thread.toLowerCase()}/820-00165-no-power-pp3v42-missing`,
    ]) {
      const res = await page(path);
      await res.text();
      expect(res.status, path).toBe(301);
      expect(res.headers.get("Location")).toBe(canonical);
    }
    const paged = await page(`/en/forum/${SAMPLE_IDS.thread}?page=1`);
    await paged.text();
    expect(paged.headers.get("Location")).toBe(`${canonical}?page=1`);
    const board = await page("/en/boards/820-00165");
    await board.text();
    expect(board.status).toBe(301);
    expect(board.headers.get("Location")).toBe(`${ORIGIN}/en/boards/82000165`);
  });

  it("/en/ and /es/ (trailing slash) lead to the home page of that language, not a 404", async () => {
    for (const lang of ["en", "es"]) {
      const res = await page(`/${lang}/`, { "Accept-Language": lang === "en" ? "es" : "en" });
      await res.text();
      expect(res.status).toBe(301);
      expect(res.headers.get("Location")).toBe(`${ORIGIN}/${lang}`);
    }
  });

  it("/ sends the visitor to the home page of their language; each home page shows what is new", async () => {
    for (const [header, lang] of [
      ["en-GB,en;q=0.9", "en"],
      ["es-AR", "es"],
      ["fr", "es"],
      ["fr, en;q=0.5, es;q=0.4", "en"],
    ]) {
      const res = await page("/", { "Accept-Language": header });
      await res.text();
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`${ORIGIN}/${lang}`);
      expect(res.headers.get("Vary")).toContain("Accept-Language");
    }
    const enRes = await page("/en", { "Accept-Language": "es" });
    await enRes.text();
    expect(enRes.headers.get("Content-Language"), "the address decides the language, not the header").toBe("en");
    const head = await exports.default.fetch(new Request(`${ORIGIN}/en`, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(enRes.headers.get("ETag"));
    expect(await head.text()).toBe("");
    const en = await html("/en", { "Accept-Language": "es" });
    expect(en).toContain("<h2>What is new</h2>");
    expect(en).toContain("820-00165 no power, PP3V42 missing");
    expect(en).toContain("820-00165 schematic");
    expect(en).toContain("J130 dead after liquid");
    expect(en).toContain("Diagnóstico de línea PP3V3");
    expect(linkHref(en, "alternate", "x-default")).toBe(`${ORIGIN}/`);
    const es = await html("/es");
    expect(es).toContain("<h2>Novedades</h2>");
    for (const secret of ["Draft post", "Scheduled post", "Held for moderation", "Alice private notes", "Unpublished case"]) {
      expect(en).not.toContain(secret);
      expect(es).not.toContain(secret);
    }
  });

  it("section index pages list their items and page like the API", async () => {
    expect(await html("/en/forum")).toContain("Forum rules");
    expect(await html("/es/blog")).toContain("Diagnóstico de línea PP3V3");
    expect(await html("/es/reparaciones")).toContain("J130 dead after liquid");
    expect(await html("/en/library")).toContain("820-00165 schematic");
    expect(await html("/es/placas")).toContain("NM-A311");
    await expectNotFoundPage("/en/forum?page=2", "en");
  });

  it("every problem code has a short human page at its type url, in the negotiated language", async () => {
    for (const code of Object.keys(PROBLEMS)) {
      const markup = await html(`/problems/${code}`, { "Accept-Language": "en" });
      expect(markup).toContain(`<code>${code}</code>`);
      expect(markup).toContain(`<h1>${PROBLEMS[code as keyof typeof PROBLEMS].titles.en}</h1>`);
    }
    expect(await html("/problems/not-found", { "Accept-Language": "es" })).toContain("no es visible");
    await expectNotFoundPage("/problems/no-such-code");
    const body = await expectProblem(await page("/api/v1/no-such-endpoint"), 404, "not-found");
    expect((await page(body.type)).status).toBe(200);
  });
});

describe("a failure while rendering", () => {
  it("is an HTML 500 page with the request id, never SQL or a stack; the API answers problem+json", async () => {
    await env.DB.exec("ALTER TABLE threads RENAME TO threads_away");
    try {
      // The failure is logged once per request (the operator's trace), kept out of the test output.
      const { value: res, lines } = await captureConsole(/^unhandled error$/, () => page("/en/forum", { "X-Request-Id": "e2e-trace-0001" }));
      expect(lines).toEqual(["unhandled error"]);
      const body = await res.text();
      expect(res.status).toBe(500);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(body).toContain("<code>e2e-trace-0001</code>");
      // Not the error's words (the header's search label says "threads" in plain English).
      expect(body).not.toMatch(/no such table|threads_away|from threads|select |SQLITE|at .*\.ts/i);
      const { value: problem, lines: apiLines } = await captureConsole(/^unhandled error$/, () => page("/api/v1/forum/threads"));
      expect(apiLines).toEqual(["unhandled error"]);
      await expectProblem(problem, 500, "internal");
    } finally {
      await env.DB.exec("ALTER TABLE threads_away RENAME TO threads");
    }
    const after = await page("/en/forum");
    await after.text();
    expect(after.status).toBe(200);
  });
});
