// Search understands what is meant (issue 29): a colloquial or regional word finds the item written
// with another (src/search/thesaurus), an English query finds a Spanish-only thread, and a board or
// model named in the query holds the results together: its items first, an item of another board that
// shares only a generic word never above them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../cli/import";
import { getJson, seedSample } from "./helpers/app";

const ID = {
  bocinas: "01JS0000000000000000000001",
  keys: "01JS0000000000000000000002",
  fan: "01JS0000000000000000000003",
  otherBoard: "01JS0000000000000000000004",
  dead: "01JS0000000000000000000005",
};

const thread = (id: string, board: string | null, title: string, body: string, day: number) => ({
  id,
  category: "laptops",
  title,
  author: "bob",
  board,
  created_at: `2026-10-${String(day).padStart(2, "0")}T00:00:00Z`,
  body,
});

const fixture = {
  manufacturers: [{ id: 3, name: "Dell" }],
  boards: [
    { number: "LA-G671P", manufacturer: "Dell", platform: "Inspiron 15 5570", aliases: [] },
    { number: "NM-B491", manufacturer: "Lenovo", platform: "ThinkPad T480", aliases: [] },
  ],
  threads: [
    thread(ID.bocinas, "LA-G671P", "Inspiron no se escuchan las bocinas", "Las bocinas dejaron de sonar; con audífonos todo bien.", 1),
    thread(ID.keys, "NM-B491", "Teclado no escribe en la fila de arriba", "La fila superior falla desde ayer.", 2),
    thread(ID.fan, "NM-B491", "Ventilador ruidoso", "El ventilador suena como un avión al arrancar.", 3),
    // Another board, sharing only generic words with the scoped queries below ("not", "working").
    thread(ID.otherBoard, "LA-G671P", "Not working at all, not even the keys of the charger", "Working on it, not sure yet.", 4),
    thread(ID.dead, null, "Placa muerta tras una tormenta", "No da señales de vida desde el apagón.", 5),
  ],
};

type Hit = { id: string; title: string };
type Data = Record<"documents" | "threads" | "posts" | "cases", Hit[]>;

async function search(q: string): Promise<Data> {
  return (await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data as Data;
}
const ids = (hits: Hit[]) => hits.map((h) => h.id);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("a word of the same concept finds the item", () => {
  it("a colloquial, regional synonym (parlantes, AR) finds the thread written with another (bocinas, MX)", async () => {
    expect(ids((await search("parlantes mudos")).threads)[0]).toBe(ID.bocinas);
    expect(ids((await search("LA-G671P parlantes mudos")).threads)[0]).toBe(ID.bocinas);
  });

  it("a shop phrase (no arranca) finds the thread written with another (no da señales de vida)", async () => {
    expect(ids((await search("no arranca")).threads)).toContain(ID.dead);
  });

  it("an English query finds a Spanish-only thread", async () => {
    expect(ids((await search("no sound from the speakers")).threads)[0]).toBe(ID.bocinas);
    expect(ids((await search("dead board")).threads)).toContain(ID.dead);
  });
});

describe("the board or model named in the query holds the results together", () => {
  it("a model (T480) or a board number scopes the search: its item matched on the rest comes first", async () => {
    for (const q of ["T480 keys not working", "NM-B491 keys not working", "ThinkPad keys not working"]) {
      expect(ids((await search(q)).threads)[0], q).toBe(ID.keys);
    }
  });

  it("an item of another board sharing only generic words ranks below every item of the named board", async () => {
    for (const q of ["T480 keys not working", "NM-B491 not working"]) {
      const got = ids((await search(q)).threads);
      expect(got, q).toContain(ID.fan);
      if (got.includes(ID.otherBoard)) expect(got.indexOf(ID.otherBoard), q).toBeGreaterThan(got.indexOf(ID.fan));
    }
  });
});
