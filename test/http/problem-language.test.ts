// A problem body is in the reader's language, as every other answer: title and detail from the one problem table
// (src/http/problem-table.ts) in Spanish or English as Accept-Language negotiates, and Content-Language says which.
import { describe, expect, it } from "vitest";
import { PROBLEMS } from "../../src/http/problem-table";
import { api } from "../helpers/app";

async function problem(path: string, lang?: string) {
  const res = await api(path, lang ? { headers: { "Accept-Language": lang } } : {});
  expect(res.headers.get("Content-Type")).toMatch(/^application\/problem\+json/);
  return { res, body: (await res.json()) as { title: string; detail: string; status: number } };
}

describe("problems in the reader's language", () => {
  it("Spanish for a Spanish reader: title and detail from the table, Content-Language es", async () => {
    const { res, body } = await problem("/no-such-endpoint", "es-AR,es;q=0.9");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Language")).toBe("es");
    expect(body.title).toBe(PROBLEMS["not-found"].titles.es);
    expect(body.title).toBe("No encontrado");
    expect(body.detail.startsWith(PROBLEMS["not-found"].explanation.es)).toBe(true);
    expect(body.detail).toMatch(/ Detalle: .*no-such-endpoint/);
  });

  it("English for an English reader, with the specific detail; Content-Language en", async () => {
    const { res, body } = await problem("/no-such-endpoint", "en");
    expect(res.headers.get("Content-Language")).toBe("en");
    expect(body.title).toBe("Not found");
    expect(body.detail).toMatch(/no-such-endpoint/);
  });

  it("every code has a Spanish title", () => {
    for (const entry of Object.values(PROBLEMS)) {
      expect(entry.titles.es).toBeTruthy();
      expect(entry.titles.es).not.toBe(entry.titles.en);
    }
  });
});
