// A key's document list total comes from per-user counters kept by triggers (migrations/0013_keyed_list_counts.sql),
// not from counting the owner's and the shared rows. Every writer that changes what a key sees of a document moves
// those counters: an operator's takedown and restore (status), an import (visibility, owner, shares added and
// removed), an upload becoming available (the ingest consumer), and a delete. After each, every key's `meta.total` (unfiltered, by type,
// mine=true) must equal the number of documents its walked list holds.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { adminOk as admin } from "../helpers/admin";
import { getJson } from "../helpers/app";
import { createUploader, makePdf, runQueue, upload } from "../helpers/uploads";

const KEYS = {
  olga: "bds_keyedTotalsOlga0000000000000000001",
  sven: "bds_keyedTotalsSven0000000000000000002",
  tess: "bds_keyedTotalsTess0000000000000000003",
} as const;
type User = keyof typeof KEYS;

interface Doc {
  id: string;
  type: "schematic" | "boardview";
  visibility: "public" | "private" | "shared";
  status?: "available";
  owner: User;
  shared_with?: User[];
}

const id = (n: number) => `01K1KEYEDT0TA1S0000000000${n}`;
const DOCS: Doc[] = [
  { id: id(1), type: "schematic", visibility: "public", owner: "olga" },
  { id: id(2), type: "boardview", visibility: "private", owner: "olga" },
  { id: id(3), type: "schematic", visibility: "shared", owner: "olga", shared_with: ["sven"] },
  { id: id(4), type: "boardview", visibility: "shared", owner: "tess", shared_with: ["olga", "sven"] },
  { id: id(5), type: "schematic", visibility: "public", owner: "tess" },
  { id: id(6), type: "schematic", visibility: "private", owner: "tess", shared_with: ["sven"] },
  { id: id(7), type: "boardview", visibility: "shared", owner: "olga" },
];

function fixture(docs: Doc[]) {
  return {
    users: (Object.keys(KEYS) as User[]).map((username) => ({ username, name: username })),
    api_keys: (Object.entries(KEYS) as [User, string][]).map(([user, token]) => ({
      token,
      user,
      name: "totals",
      scopes: ["api:read"],
      expires_at: null,
    })),
    documents: docs.map((d) => ({
      ...d,
      title: `Keyed totals ${d.id}`,
      status: d.status ?? "available",
      shared_with: d.shared_with ?? [],
      versions: [{ version: 1, filename: `${d.id}.pdf`, content_text: `%PDF-1.4 ${d.id}` }],
    })),
  };
}

async function load(docs: Doc[], reset = false): Promise<void> {
  const outcome = await importContent(env, fixture(docs) as never, { reset });
  if (!outcome.ok) throw new Error("fixture did not import: " + JSON.stringify(outcome.problems));
}

/** Every key's total against its walked list (two items a page), for each list a key reads by counter. */
async function expectTotalsMatchLists(step: string, others: string[] = []): Promise<void> {
  for (const key of [...Object.values(KEYS), ...others]) {
    for (const filter of ["", "&type=schematic", "&type=boardview", "&mine=true"]) {
      const first = await getJson(`/documents?per_page=2${filter}`, { key });
      const ids = first.body.data.map((d: { id: string }) => d.id);
      for (let p = 2; p <= first.body.meta.last_page; p++) {
        ids.push(...(await getJson(`/documents?per_page=2&page=${p}${filter}`, { key })).body.data.map((d: { id: string }) => d.id));
      }
      expect(new Set(ids).size, `${step}: ${key}${filter} has no repeats`).toBe(ids.length);
      expect(first.body.meta.total, `${step}: ${key}${filter}`).toBe(ids.length);
    }
  }
}

const expectSees = async (user: User, ids: string[]) =>
  expect((await getJson("/documents?per_page=100", { key: KEYS[user] })).body.data.map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort());

describe("a key's document total after each writer", () => {
  beforeAll(async () => {
    await load(DOCS, true);
  });

  it("starts equal to the walked list, and each key sees what the rule says", async () => {
    await expectTotalsMatchLists("imported");
    await expectSees("olga", [id(1), id(2), id(3), id(4), id(5), id(7)]);
    await expectSees("sven", [id(1), id(3), id(4), id(5)]);
  });

  it("follows a takedown and a restore (status)", async () => {
    await admin("documents:takedown", id(3), "--reason", "test");
    await expectTotalsMatchLists("shared document taken down");
    await expectSees("sven", [id(1), id(4), id(5)]);
    await admin("documents:takedown", id(1), "--reason", "test");
    await expectTotalsMatchLists("public document taken down");
    await admin("documents:restore", id(3));
    await admin("documents:restore", id(1));
    await expectTotalsMatchLists("restored");
    await expectSees("sven", [id(1), id(3), id(4), id(5)]);
  });

  it("follows an import that changes visibility, adds and removes shares, and changes an owner", async () => {
    const docs = DOCS.map((d) => ({ ...d }));
    docs[1].visibility = "public"; // olga's private one opens
    docs[4].visibility = "shared"; // tess's public one closes to a share with olga
    docs[4].shared_with = ["olga"];
    await load(docs);
    await expectTotalsMatchLists("visibility changed");
    docs[6].shared_with = ["sven", "tess"]; // a share added
    docs[3].shared_with = ["sven"]; // a share removed (olga)
    await load(docs);
    await expectTotalsMatchLists("shares added and removed");
    await expectSees("olga", [id(1), id(2), id(3), id(5), id(7)]);
    await expectSees("tess", [id(1), id(2), id(4), id(5), id(6), id(7)]);
    docs[0].owner = "tess"; // olga's public one changes hands
    docs[2].owner = "sven"; // a shared one goes to the user it was shared with: his own now, not shared
    await load(docs);
    await expectTotalsMatchLists("owners changed");
  });

  it("follows deletes, of documents with and without share rows", async () => {
    await admin("documents:delete", id(7));
    await expectTotalsMatchLists("shared document deleted");
    await admin("documents:delete", id(6));
    await admin("documents:delete", id(2));
    await expectTotalsMatchLists("private and public documents deleted");
  });

  it("follows an upload from processing to available (the ingest consumer), and its delete", async () => {
    const { key } = await createUploader(["api:read", "library:ingest", "library:publish"]);
    const res = await upload(
      key,
      { external_id: "keyed-totals", visibility: "public", rights_attested: "true" },
      { filename: "doc.pdf", content: await makePdf(["keyed totals"]) },
    );
    const created: { data: { id: string } } = await res.json();
    expect(res.status, JSON.stringify(created)).toBe(201);
    await expectTotalsMatchLists("uploaded, processing", [key]);
    expect((await getJson("/documents?mine=true", { key })).body.meta.total).toBe(1);
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    await expectTotalsMatchLists("upload available", [key]);
    await admin("documents:delete", created.data.id);
    await expectTotalsMatchLists("upload deleted", [key]);
    expect((await getJson("/documents?mine=true", { key })).body.meta.total).toBe(0);
  });
});
