// The admin commands exactly as `npm run admin` runs them (argv in, printed lines and exit code
// out), against the real D1, checked by calling the API with the keys they issue.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { adminContext } from "../helpers/admin";
import { runAdmin } from "../../cli/admin";
import { api, expectProblem, getJson, KEYS, SAMPLE_IDS, seedSample } from "../helpers/app";
import { createUploader, makePdf, postUpload, runQueue, upload, uploadForm } from "../helpers/uploads";

beforeAll(seedSample);
afterEach(() => void vi.useRealTimers());

const admin = (...argv: string[]) => runAdmin(adminContext(), argv);

/** Runs keys:create and returns the printed token. */
async function createKey(...argv: string[]): Promise<string> {
  const result = await admin("keys:create", ...argv);
  expect(result.code, result.output.join("\n")).toBe(0);
  const tokens = result.output.join("\n").match(/bds_[A-Za-z0-9]{43}/g);
  expect(tokens).toHaveLength(1);
  return tokens![0];
}

describe("keys:create", () => {
  it("prints a key that authenticates with exactly the given scopes", async () => {
    const token = await createKey("--user", "alice", "--scopes", "api:read,library:ingest", "--name", "workshop pc");
    const { body } = await getJson("/me", { key: token });
    expect(body.data).toMatchObject({ username: "alice", key: { name: "workshop pc", scopes: ["api:read", "library:ingest"], expires_at: null } });
    // The token is not stored: only its hash is, and the hash is not the token.
    const stored = await env.DB.prepare("select token_hash, display_prefix from api_keys where name = 'workshop pc'").first<{
      token_hash: string;
      display_prefix: string;
    }>();
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_hash).not.toContain(token.slice(4, 14));
    expect(token.startsWith(stored!.display_prefix)).toBe(true);
  });

  it("a key without api:read is refused on /me with 403 and required_scopes", async () => {
    const token = await createKey("--user=bob", "--scopes=library:ingest");
    const body = await expectProblem(await api("/me", { key: token }), 403, "forbidden");
    expect(body.required_scopes).toEqual(["api:read"]);
  });

  it("--expires: a future date works until it passes, then the key answers 401", async () => {
    const token = await createKey("--user", "bob", "--scopes", "api:read", "--expires", "2099-06-30T12:00:00+02:00");
    expect((await getJson("/me", { key: token })).body.data.key.expires_at).toBe("2099-06-30T10:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2099-06-30T10:00:01Z"));
    await expectProblem(await api("/me", { key: token }), 401, "unauthorized");
    await expectProblem(await api("/documents", { key: token }), 401, "unauthorized");
  });

  it("refuses an expiry in the past, a bad date, an unknown user or scope, and missing options (exit 2)", async () => {
    const cases: [string[], RegExp][] = [
      [["--user", "bob", "--scopes", "api:read", "--expires", "2020-01-01"], /--expires: 2020-01-01T00:00:00.000Z is not in the future/],
      [["--user", "bob", "--scopes", "api:read", "--expires", "next tuesday"], /--expires: must be an ISO 8601 date/],
      [["--user", "bob", "--scopes", "api:read", "--expires", "2027-02-30T00:00:00"], /--expires: must be an ISO 8601/],
      [["--user", "bob", "--scopes", "api:read", "--expires", "2027-02-30"], /--expires: must be an ISO 8601/],
      [["--user", "nobody", "--scopes", "api:read"], /unknown user "nobody"/],
      [
        ["--user", "bob", "--scopes", "api:read,admin:all"],
        /--scopes: unknown scope "admin:all" \(allowed: api:read, library:ingest, library:publish\)/,
      ],
      [["--user", "bob", "--scopes", ","], /--scopes: needs at least one scope/],
      [["--user", "bob"], /--scopes: is required/],
      [["--scopes", "api:read"], /--user: is required/],
      [["--user", "--scopes", "api:read"], /--user: needs a value/],
      [["--user", "bob", "--scopes", "api:read", "--color", "red"], /unknown option --color/],
      [["--user", "bob", "--scopes", "api:read", "extra"], /unexpected argument "extra"/],
    ];
    const before = await env.DB.prepare("select count(*) as n from api_keys").first<{ n: number }>();
    for (const [argv, message] of cases) {
      const result = await admin("keys:create", ...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.output.join("\n"), argv.join(" ")).toMatch(message);
      expect(result.output.join("\n")).toMatch(/usage: npm run admin -- keys:create --user NAME/);
    }
    expect(await env.DB.prepare("select count(*) as n from api_keys").first<{ n: number }>()).toEqual(before);
  });
});

describe("keys:revoke", () => {
  it("by display prefix or by id: the key answers 401 from then on, even on open reads", async () => {
    const byPrefix = await createKey("--user", "alice", "--scopes", "api:read", "--name", "to revoke by prefix");
    await getJson("/me", { key: byPrefix });
    const revoked = await admin("keys:revoke", byPrefix.slice(0, 10));
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.output.join("\n")).toMatch(/^Revoked key \d+ \(bds_\w{6}…\) "to revoke by prefix" of alice\.$/);
    await expectProblem(await api("/me", { key: byPrefix }), 401, "unauthorized");
    await expectProblem(await api("/forum/threads", { key: byPrefix }), 401, "unauthorized");

    const byId = await createKey("--user", "alice", "--scopes", "api:read", "--name", "to revoke by id");
    const id = (await env.DB.prepare("select id from api_keys where name = 'to revoke by id'").first<{ id: number }>())!.id;
    expect((await admin("keys:revoke", String(id))).code).toBe(0);
    await expectProblem(await api("/me", { key: byId }), 401, "unauthorized");
    expect((await admin("keys:revoke", String(id))).output.join("\n")).toMatch(/already revoked/);
  });

  it("by the leaked token itself", async () => {
    const token = await createKey("--user", "bob", "--scopes", "api:read");
    expect((await admin("keys:revoke", token)).code).toBe(0);
    await expectProblem(await api("/me", { key: token }), 401, "unauthorized");
  });

  it("an unknown reference or no reference is an error (exit 2)", async () => {
    const unknown = await admin("keys:revoke", "bds_zzzzzz");
    expect(unknown.code).toBe(2);
    expect(unknown.output[0]).toMatch(/no key matches "bds_zzzzzz"/);
    const missing = await admin("keys:revoke");
    expect(missing.code).toBe(2);
    expect(missing.output[0]).toBe("error: <key>: is required");
  });
});

describe("keys:list", () => {
  it("lists keys without any token or hash", async () => {
    const token = await createKey("--user", "carol", "--scopes", "api:read,library:publish", "--name", "listed");
    const result = await admin("keys:list");
    expect(result.code).toBe(0);
    const text = result.output.join("\n");
    expect(result.output[0].split(/\s+/)).toEqual(["id", "prefix", "user", "name", "scopes", "expires_at", "revoked", "created_at"]);
    expect(text).toContain(token.slice(0, 10));
    expect(text).toMatch(/carol\s+listed\s+api:read,library:publish\s+never\s+no/);
    const hashes = (await env.DB.prepare("select token_hash from api_keys").raw<[string]>()).map((r) => r[0]);
    for (const hash of hashes) expect(text).not.toContain(hash.slice(0, 16));
    for (const sample of Object.values(KEYS)) expect(text).not.toContain(sample);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/bds_[A-Za-z0-9]{11,}/);
    // The sample's revoked and expired keys are marked as such.
    expect(text).toMatch(/bob\s+lost\s+api:read\s+never\s+yes \d{4}-/);
    expect(text).toMatch(/bob\s+old\s+api:read\s+2020-01-01T00:00:00.000Z \(expired\)\s+no/);
  });

  it("--user filters; an unknown user is an error", async () => {
    const result = await admin("keys:list", "--user", "dave");
    expect(result.output.slice(1).map((line) => line.split(/\s+/)[2])).toEqual(["dave"]);
    const unknown = await admin("keys:list", "--user", "zed");
    expect(unknown).toMatchObject({ code: 2, output: [`error: unknown user "zed"`, "usage: npm run admin -- keys:list [--user NAME]"] });
  });
});

describe("users", () => {
  it("users:create makes an account a key can be issued for", async () => {
    const created = await admin("users:create", "--username", "erin", "--name", "Erin Solder", "--role", "contributor", "--locale", "en");
    expect(created).toMatchObject({ code: 0 });
    const token = await createKey("--user", "erin", "--scopes", "api:read");
    expect((await getJson("/me", { key: token })).body.data).toMatchObject({
      username: "erin",
      name: "Erin Solder",
      role: "contributor",
      locale: "en",
    });
    const again = await admin("users:create", "--username", "erin", "--name", "Other");
    expect(again.code).toBe(2);
    expect(again.output[0]).toBe(`error: user "erin" already exists`);
  });

  it("users:create refuses bad usernames, roles and locales", async () => {
    for (const [argv, message] of [
      [["--username", "x", "--name", "X"], /--username: must be 2–40 letters/],
      [["--username", "bad name", "--name", "X"], /--username: must be 2–40/],
      [["--username", "frank", "--name", "F", "--role", "root"], /--role: must be one of user, verified_technician, contributor, moderator, admin/],
      [["--username", "frank", "--name", "F", "--locale", "fr"], /--locale: must be es or en/],
      [["--username", "frank"], /--name: is required/],
    ] as [string[], RegExp][]) {
      const result = await admin("users:create", ...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.output.join("\n")).toMatch(message);
    }
    expect(await env.DB.prepare("select count(*) as n from users where username = 'frank'").first()).toEqual({ n: 0 });
  });

  it("users:deactivate → the owner's keys answer 403 on /me; users:activate restores them", async () => {
    const token = await createKey("--user", "alice", "--scopes", "api:read");
    expect(await admin("users:deactivate", "alice")).toEqual({ code: 0, output: ["User alice is now inactive."] });
    const body = await expectProblem(await api("/me", { key: token }), 403, "forbidden");
    expect(body.required_scopes).toEqual(["api:read"]);
    await expectProblem(await api("/me", { key: KEYS.aliceRead }), 403, "forbidden");
    expect(await admin("users:deactivate", "alice")).toEqual({ code: 0, output: ["User alice was already inactive."] });
    expect(await admin("users:activate", "alice")).toEqual({ code: 0, output: ["User alice is now active."] });
    await getJson("/me", { key: token });
    expect((await admin("users:deactivate", "ghost")).output[0]).toBe(`error: unknown user "ghost"`);
  });
});

describe("the command line", () => {
  it("an unknown command prints the command list (exit 2); help lists every command", async () => {
    const unknown = await admin("keys:destroy");
    expect(unknown.code).toBe(2);
    expect(unknown.output[0]).toBe(`error: unknown command "keys:destroy"`);
    const help = (await admin("help")).output.join("\n");
    for (const name of ["users:create", "users:deactivate", "users:activate", "keys:create", "keys:revoke", "keys:list"])
      expect(help).toContain(name);
  });
});

describe("search:drop and search:rebuild", () => {
  it("search answers from the rebuilt index exactly as before the drop", async () => {
    const search = async () => (await getJson("/search?q=U7000")).body.data;
    const before = await search();
    expect(before.threads.length + before.cases.length + before.documents.length).toBeGreaterThan(0);
    expect((await admin("search:drop")).code).toBe(0);
    const whileDropped = await expectProblem(await api("/search?q=U7000", { lang: "en" }), 503, "unavailable");
    expect(whileDropped.detail).toMatch(/rebuilt/);
    const rebuilt = await admin("search:rebuild");
    expect(rebuilt.code, rebuilt.output.join("\n")).toBe(0);
    expect(rebuilt.output.join("\n")).toMatch(/Search index rebuilt: \d+ items/);
    expect(await search()).toEqual(before);
  });
});

describe("documents:takedown, documents:restore and documents:delete", () => {
  /** Runs a command, expects success, and returns the structured log lines it wrote. */
  async function operate(...argv: string[]): Promise<Record<string, unknown>[]> {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const result = await admin(...argv);
      expect(result.code, result.output.join("\n")).toBe(0);
      // An upload's own queue message may be delivered meanwhile (the runtime's queue, in the background): its
      // line is not the command's.
      return log.mock.calls.map((args) => JSON.parse(String(args[0])) as Record<string, unknown>).filter((line) => line.type !== "queue-message");
    } finally {
      log.mockRestore();
    }
  }
  const searchIds = async (q: string, key?: string) =>
    (await getJson(`/search?q=${encodeURIComponent(q)}`, { key })).body.data.documents.map((d: { id: string }) => d.id);

  it("a taken-down document leaves the API, search and downloads for everyone but its owner, and comes back on restore", async () => {
    const id = SAMPLE_IDS.publicSchematic;
    expect(await searchIds("820-00165 schematic")).toContain(id);

    const takedown = await operate("documents:takedown", id.toLowerCase(), "--reason", "DMCA notice 2026-114");
    expect(takedown).toEqual([
      { level: "info", event: "admin.document.takedown", at: expect.any(String), document_id: id, reason: "DMCA notice 2026-114" },
    ]);
    await expectProblem(await api(`/documents/${id}`), 404, "not-found");
    await expectProblem(await api(`/documents/${id}`, { key: KEYS.aliceRead }), 404, "not-found");
    await expectProblem(await api(`/documents/${id}/download`, { key: KEYS.aliceRead }), 404, "not-found");
    expect(await searchIds("820-00165 schematic")).not.toContain(id);
    // Its owner still sees it, with the reason.
    expect((await getJson(`/documents/${id}`, { key: KEYS.bob })).body.data.status).toBe("takedown");

    const restore = await operate("documents:restore", id);
    expect(restore).toEqual([{ level: "info", event: "admin.document.restore", at: expect.any(String), document_id: id }]);
    expect((await getJson(`/documents/${id}`)).body.data.status).toBe("available");
    expect(await searchIds("820-00165 schematic")).toContain(id);
  });

  it("delete removes the file from R2 and the text from search; the upload's external id then answers 410", async () => {
    const { key } = await createUploader();
    const created: any = await (
      await upload(key, { external_id: "to-delete" }, { filename: "doc.pdf", content: await makePdf(["quasarwidget calibration"]) })
    ).json();
    await runQueue([{ documentId: created.data.id, version: 1 }]);
    expect(await searchIds("quasarwidget", key)).toEqual([created.data.id]);
    expect(await env.FILES.head(`documents/${created.data.id}/v1`)).not.toBeNull();

    const deleted = await operate("documents:delete", created.data.id);
    expect(deleted).toEqual([
      { level: "info", event: "admin.document.delete", at: expect.any(String), document_id: created.data.id, status: "available" },
    ]);
    expect(await env.FILES.head(`documents/${created.data.id}/v1`)).toBeNull();
    expect(await searchIds("quasarwidget", key)).toEqual([]);
    expect(await env.DB.prepare("select count(*) as n from search_documents where search_documents match 'quasarwidget'").first("n")).toBe(0);
    await expectProblem(await api(`/documents/${created.data.id}`, { key }), 404, "not-found");
    await expectProblem(await api("/uploads/to-delete", { key }), 410, "gone");
  }, 30_000);

  it("operator mistakes are refused with exit code 2 and change nothing", async () => {
    const id = SAMPLE_IDS.sharedBoardview;
    const refused: [string[], RegExp][] = [
      [["documents:takedown", id], /--reason: is required/],
      [["documents:takedown", "not-an-id", "--reason", "x"], /<document>: must be a document id/],
      [["documents:takedown", "01JAAAAAAAAAAAAAAAAAAAAAAA", "--reason", "x"], /no document 01JAAAAAAAAAAAAAAAAAAAAAAA/],
      [["documents:restore", id], /is available; only a taken-down document can be restored/],
      [["documents:takedown", SAMPLE_IDS.takedown, "--reason", "again"], /is takedown; only an available document/],
    ];
    for (const [argv, message] of refused) {
      const result = await admin(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.output.join("\n")).toMatch(message);
    }
    expect((await getJson(`/documents/${id}`, { key: KEYS.bob })).body.data.status).toBe("available");
  });
});

describe("boards:create", () => {
  const boardOf = (norm: string) => getJson(`/boards/${norm}`);

  it("an upload naming an unknown board says that an operator adds it and how (en, es); after boards:create it is accepted", async () => {
    const { key } = await createUploader();
    const form = () =>
      uploadForm({ external_id: `new-board-${Date.now()}`, title: "MLB 820-09999 schematic", boards: "820 09999" }, [
        { filename: "s.pdf", content: new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), type: "application/pdf" },
      ]);
    const en = await expectProblem(await postUpload(form(), { key, headers: { "Accept-Language": "en" } }), 422, "validation-failed");
    expect(en.detail).toContain("npm run admin -- boards:create NUMBER --manufacturer NAME");
    expect(en.errors.boards.join(" ")).toContain("Boards are added by an operator");
    const es = await expectProblem(await postUpload(form(), { key, headers: { "Accept-Language": "es" } }), 422, "validation-failed");
    expect(es.detail).toContain("un operador la añade con npm run admin -- boards:create");
    expect(es.errors.boards.join(" ")).toContain("Las placas las añade un operador");

    const made = await admin("boards:create", "820-09999", "--manufacturer", "apple", "--alias", "X9999-MLB", "--alias", "J999,j 999");
    expect(made.code, made.output.join("\n")).toBe(0);
    expect(made.output).toEqual(["Added board 820-09999 (Apple); uploads may name it in any spelling. Aliases added: X9999-MLB, J999."]);
    expect((await postUpload(form(), { key })).status).toBe(201);
    const { body } = await boardOf("82009999");
    expect(body.data).toMatchObject({ number: "820-09999", manufacturer: "Apple" });
    expect((await boardOf("X9999MLB")).res.status).toBe(200);
  });

  it("is idempotent in any spelling, adds only new aliases, and refuses a name another board holds (changing nothing)", async () => {
    expect((await admin("boards:create", "LA-K991P", "--manufacturer", "Lenovo")).output).toEqual([
      "Added board LA-K991P (Lenovo); uploads may name it in any spelling.",
    ]);
    const count = () => env.DB.prepare("select count(*) as n from boards").first<number>("n");
    const before = await count();
    expect((await admin("boards:create", "la k991p", "--manufacturer", "LENOVO")).output).toEqual([
      "Board LA-K991P (Lenovo) already exists: nothing changed.",
    ]);
    expect((await admin("boards:create", "LA-K991P", "--manufacturer", "Lenovo", "--alias", "NM-K991")).output).toEqual([
      "Board LA-K991P (Lenovo) already existed. Aliases added: NM-K991.",
    ]);
    expect(await count()).toBe(before);
    const refusals = [
      [["NM-K991", "--manufacturer", "Lenovo"], "NM-K991 is already an alias of board LA-K991P"],
      [["LA-K992P", "--manufacturer", "Lenovo", "--alias", "la-k991p"], "la-k991p already names board LA-K991P"],
      [["LA-K991P", "--manufacturer", "Apple"], "board LA-K991P exists with another manufacturer"],
      [["...", "--manufacturer", "Lenovo"], "not a board number"],
      [["LA-K993P"], "--manufacturer: is required"],
      [["LA-K993P", "--manufacturer", "Lenovo", "--alias"], "--alias"],
      [[`${"X".repeat(101)}`, "--manufacturer", "Lenovo"], "at most 100 characters"],
    ] as const;
    for (const [argv, said] of refusals) {
      const result = await admin("boards:create", ...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.output.join("\n")).toContain(said);
    }
    expect(await count()).toBe(before);
    expect((await api("/boards/LAK992P")).status).toBe(404);
  });
});

describe("users:invite links", () => {
  it("point at the served site (--site, else the context's: SITE_URL or the local server's PORT), the secret after #", async () => {
    await admin("users:create", "--username", "linkuser", "--name", "Link User", "--locale", "es");
    const onPort = await runAdmin({ ...adminContext(), siteUrl: "http://localhost:8851" }, ["users:invite", "linkuser"]);
    expect(onPort.output[1]).toMatch(/^http:\/\/localhost:8851\/es\/invite#[A-Za-z0-9_-]{43}$/);
    const given = await runAdmin({ ...adminContext(), siteUrl: "http://localhost:8851" }, [
      "users:invite",
      "linkuser",
      "--site",
      "https://boards.example.org",
    ]);
    expect(given.output[1]).toMatch(/^https:\/\/boards\.example\.org\/es\/invite#/);
    const none = await admin("users:invite", "linkuser");
    expect(none.code).toBe(2);
    expect(none.output[0]).toContain("--site");
  });
});
