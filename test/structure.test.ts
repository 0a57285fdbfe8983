/// <reference types="vite/client" />
// The structure of src/: no import cycle (type-only imports included), the floors imported only downward, and
// folders small enough to walk; every package the tests load is bundled before the run; one workerd installed.
// Sources are read as text at build time (Vite's import.meta.glob).
import { describe, expect, it } from "vitest";
import { BOARDVIEW_FORMAT_IDS } from "../src/boardview-formats";
import { OWN_SETTINGS_FOLDERS } from "./setup/file-order";
import { PREBUNDLED } from "./setup/prebundled";

const SOURCES = import.meta.glob<string>("../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });
const LAYOUT_DOC = Object.values(import.meta.glob<string>("../docs/code-layout.md", { query: "?raw", import: "default", eager: true }))[0];
/** The test files directly in test/ (names only: nothing is imported). */
const FLAT_TESTS = Object.keys(import.meta.glob("./*.test.ts"));

/** "../src/a/b.ts" → "a/b.ts" */
const moduleName = (path: string) => path.replace(/^\.\.\/src\//, "");
const modules = new Map(Object.entries(SOURCES).map(([path, text]) => [moduleName(path), text]));

/** Relative imports and re-exports of a module (`import type` too: a cycle of types is still a tangle). */
function importsOf(name: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["'](\.{1,2}\/[^"']+)["']/gms)) {
    const parts = name.split("/").slice(0, -1);
    for (const segment of m[1].split("/")) {
      if (segment === "..") parts.pop();
      else if (segment !== ".") parts.push(segment);
    }
    const base = parts.join("/");
    const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => modules.has(candidate));
    if (target) found.push(target);
  }
  return found;
}

/** Folders of the domain: they import no surface and no Hono (docs/code-layout.md). */
const DOMAIN_FOLDERS = [
  "auth/",
  "boardview/",
  "content/",
  "core/",
  "db/",
  "files/",
  "ingest/",
  "search/",
  "text/",
  "changes/",
  "limits/",
  "schemas/",
];
/** The surfaces: the API (its transport http/ and its operations routes/), the site, MCP, and what mounts them. */
const SURFACES = ["http/", "routes/", "site/", "mcp/", "app.ts", "index.ts"];

/**
 * Domain modules that import Hono: "hono" or "hono/*", or anything of "@hono/zod-openapi" but its `z` (zod with
 * .openapi() metadata: the one schema language feeding validation, types, OpenAPI and MCP, not the framework).
 */
function honoImporters(sources: Map<string, string>): string[] {
  return [...sources]
    .filter(([name]) => DOMAIN_FOLDERS.some((folder) => name.startsWith(folder)) || name === "errors.ts" || name === "config.ts")
    .filter(([, text]) =>
      [...text.matchAll(/^\s*(?:import|export)\s([^;]*?)\sfrom\s+["']([^"']+)["']/gms)].some(([, what, from]) => {
        if (from === "hono" || from.startsWith("hono/")) return true;
        if (from !== "@hono/zod-openapi") return false;
        const names = what
          .replace(/^type\s+/, "")
          .replace(/[{}]/g, "")
          .split(",")
          .map((n) => n.trim().replace(/^type\s+/, ""));
        return names.some((n) => n !== "z");
      }),
    )
    .map(([name]) => name);
}

const graph = new Map([...modules].map(([name, text]) => [name, importsOf(name, text)]));

/**
 * The floors of src/, lowest first: a module imports only modules of its own floor or below. A module is on the
 * floor of its longest matching prefix (db/ holds the tables, the visibility rule and the queries). The one
 * place the order is written; docs/code-layout.md shows it as `floorsLine()` renders it.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["core/", "errors.ts", "config.ts", "version.ts", "env.d.ts"],
  ["boardview-formats/"],
  ["schemas/", "files/", "content/", "reference/"],
  ["text/"],
  ["boardview/"],
  ["db/"],
  ["auth/", "limits/", "search/"],
  ["ingest/", "changes/", "accounts/", "downloads/"],
  ["http/", "routes/", "site/", "mcp/", "queue-log.ts", "app.ts", "index.ts"],
];
const floorsLine = () => FLOORS.map((floor) => floor.map((p) => `\`${p}\``).join(" ")).join(" < ");

function floorOf(name: string): number | undefined {
  let best: { floor: number; length: number } | undefined;
  FLOORS.forEach((prefixes, floor) => {
    for (const prefix of prefixes) {
      const matches = prefix.endsWith("/") ? name.startsWith(prefix) : name === prefix;
      if (matches && (!best || prefix.length > best.length)) best = { floor, length: prefix.length };
    }
  });
  return best?.floor;
}

/** Imports that climb: from a module to one on a higher floor. */
function climbing(imports: ReadonlyMap<string, readonly string[]>): string[] {
  return [...imports].flatMap(([from, deps]) =>
    deps.filter((to) => (floorOf(to) ?? 0) > (floorOf(from) ?? Number.POSITIVE_INFINITY)).map((to) => `${from} → ${to}`),
  );
}

/**
 * Floors inside every folder: the rooms of a folder (its files and sub-folders, "a.ts" or "b/"; a file beside a
 * folder of its name, "b.ts" and "b/", is one room; index.ts is the folder's own) import each other without a loop, so each stands above all
 * it imports. An import on a loop of rooms is a climb.
 */
function roomOf(folder: string, name: string, folders: ReadonlySet<string>): string | undefined {
  if (!name.startsWith(folder)) return undefined;
  const rest = name.slice(folder.length).split("/");
  if (rest.length > 1) return `${rest[0]}/`;
  const stem = rest[0].replace(/\.tsx?$/, "");
  return stem !== "index" && folders.has(`${folder}${stem}/`) ? `${stem}/` : rest[0];
}

function climbsInsideFolders(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const names = new Set([...imports].flatMap(([from, deps]) => [from, ...deps]));
  const folders = new Set(
    [...names].flatMap((name) =>
      name
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => `${parts.slice(0, i + 1).join("/")}/`),
    ),
  );
  const found: string[] = [];
  for (const folder of ["", ...[...folders].sort()]) {
    // Room-level arrows, each with the file imports behind it.
    const arrows = new Map<string, Map<string, string[]>>();
    for (const [from, deps] of imports) {
      const a = roomOf(folder, from, folders);
      for (const to of deps) {
        const b = roomOf(folder, to, folders);
        if (a === undefined || b === undefined || a === b) continue;
        const out = arrows.get(a) ?? new Map<string, string[]>();
        out.set(b, [...(out.get(b) ?? []), `${from} → ${to}`]);
        arrows.set(a, out);
      }
    }
    const reaches = (start: string, goal: string) => {
      const seen = new Set<string>();
      const queue = [start];
      while (queue.length > 0) {
        const room = queue.pop() as string;
        if (room === goal) return true;
        if (seen.has(room)) continue;
        seen.add(room);
        queue.push(...(arrows.get(room)?.keys() ?? []));
      }
      return false;
    };
    // An arrow on a loop of rooms is a climb: A imports B while B reaches A back.
    for (const [a, out] of [...arrows].sort(([x], [y]) => x.localeCompare(y)))
      for (const [b, lines] of [...out].sort(([x], [y]) => x.localeCompare(y)))
        if (reaches(b, a)) found.push(`${folder || "src/"}: ${a} ⇄ ${b} (${lines.join("; ")})`);
  }
  return found;
}

/** At most this many files directly in a folder of src/, and test files directly in test/. */
const MAX_FILES_IN_A_FOLDER = 15;
const MAX_FLAT_TESTS = 25;
/**
 * Folders allowed over the limit until the phase-2 moves (docs/code-layout.md, "Phase 2"): their counts when the
 * rule was written, never more. Phase 2 deletes these lines.
 */
const UNTIL_PHASE_2: Record<string, number> = {};

/** Files directly in each folder of src/ ("src/a/b"), and the flat test files ("test"). */
function folderCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of modules.keys()) {
    const folder = ["src", ...name.split("/").slice(0, -1)].join("/");
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  counts.set("test", FLAT_TESTS.length);
  return counts;
}

/** Folders over their limit, and exceptions no longer needed (delete them). */
function oversized(counts: ReadonlyMap<string, number>, exceptions: Record<string, number> = UNTIL_PHASE_2): string[] {
  const limitOf = (folder: string) => (folder === "test" ? MAX_FLAT_TESTS : MAX_FILES_IN_A_FOLDER);
  const over = [...counts]
    .filter(([folder, n]) => n > (exceptions[folder] ?? limitOf(folder)))
    .map(([folder, n]) => `${folder}: ${n} files directly (at most ${exceptions[folder] ?? limitOf(folder)})`);
  const stale = Object.keys(exceptions)
    .filter((folder) => (counts.get(folder) ?? 0) <= limitOf(folder))
    .map((folder) => `${folder}: within the limit now; delete its UNTIL_PHASE_2 line`);
  return [...over, ...stale];
}

function cycles(): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

/** The list of boardview formats: a line per module, `export { NAME } from "./path";`. */
const FORMAT_LIST = "boardview-formats/list.ts";

/** The list's lines whose module is missing or does not export its format by that name, and modules not listed. */
function unlistedOrMissing(sources: ReadonlyMap<string, string>): string[] {
  const lines = [...(sources.get(FORMAT_LIST) ?? "").matchAll(/^export \{ (\w+) \} from "\.\/([^"]+)";$/gm)];
  const listed = lines.map(([, name, path]) => ({ name, module: `boardview-formats/${path}.ts` }));
  const missing = listed
    .filter(({ name, module }) => !new RegExp(`export const ${name}: BoardviewFormat = \\{`).test(sources.get(module) ?? ""))
    .map(({ name, module }) => `${FORMAT_LIST} lists ${name} from ${module}, which does not define it`);
  const unlisted = [...sources]
    .filter(([name, text]) => /: BoardviewFormat = \{/.test(text) && !listed.some((l) => l.module === name))
    .map(([name]) => `${name} defines a format the list does not name`);
  return [...missing, ...unlisted];
}

/** Files naming a format: its id as a string (`"bdv"`), or its module's file as an import path's last segment. */
function formatNamers(sources: ReadonlyMap<string, string>, id: string): string[] {
  const module = [...sources].find(([, text]) => /: BoardviewFormat = \{/.test(text) && text.includes(`"${id}"`))?.[0];
  const stem = module?.replace(/^.*\//, "").replace(/\.tsx?$/, "");
  const words = [...new Set([id, stem].filter((w): w is string => !!w))].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const naming = new RegExp(`["'\`](?:[^"'\`\n]*/)?(?:${words.join("|")})["'\`]`);
  return [...sources].filter(([, text]) => naming.test(text)).map(([name]) => name);
}

/** Modules under `folder` that write a statement themselves (`.prepare(`, `.exec(` or a `sql` template) instead of asking db/. */
const rawStatements = (sources: ReadonlyMap<string, string>, folder: string) =>
  [...sources].filter(([name, text]) => name.startsWith(folder) && /\.(?:prepare|exec)\(|\bsql`/.test(text)).map(([name]) => name);

const importers = (from: string, to: string) =>
  [...graph].filter(([name, deps]) => name.startsWith(from) && deps.some((d) => d.startsWith(to))).map(([name]) => name);

describe("the structure of src/", () => {
  it("reads every module", () => {
    expect(modules.size).toBeGreaterThan(100);
    // Command-line-only code (the importer, the admin commands) lives in cli/, apart from the Worker's.
    expect([...modules.keys()].filter((name) => name.startsWith("import/") || name.startsWith("admin/"))).toEqual([]);
    expect(graph.get("app.ts")).toContain("routes/api.ts");
  });

  it("no module of the Worker imports command-line-only code (cli/)", () => {
    expect([...modules].filter(([, text]) => /from\s+["'](?:\.\.\/)+cli\//.test(text)).map(([name]) => name)).toEqual([]);
  });

  it("every module of src/ stands on a floor", () => {
    expect([...modules.keys()].filter((name) => floorOf(name) === undefined)).toEqual([]);
  });

  it("imports point down: no module imports one on a higher floor", () => {
    expect(climbing(graph)).toEqual([]);
  });

  it("imports point down inside every folder: no loop between the files and sub-folders of one folder", () => {
    expect(climbsInsideFolders(graph)).toEqual([]);
  });

  it("the check inside folders catches a loop of rooms (a file beside its folder is that room), and allows a chain down", () => {
    const planted = new Map([
      ["search/understand/planted.ts", ["search/rank/rank.ts", "search/stages.ts"]],
      ["search/rank/rank.ts", ["search/understand/planted.ts", "search/stages.ts"]],
      ["search/index.ts", ["search/index/tokens.ts", "search/rank/rank.ts"]],
      ["ingest/receive.ts", ["ingest/upload-metadata.ts", "ingest/receive/form.ts"]],
      ["ingest/upload-metadata.ts", ["ingest/receive/form.ts"]],
      ["mcp/tools/planted.ts", ["mcp/tool.ts", "mcp/budget.ts"]],
      ["mcp/tool.ts", ["mcp/budget.ts"]],
    ]);
    expect(climbsInsideFolders(planted)).toEqual([
      "ingest/: receive/ ⇄ upload-metadata.ts (ingest/receive.ts → ingest/upload-metadata.ts)",
      "ingest/: upload-metadata.ts ⇄ receive/ (ingest/upload-metadata.ts → ingest/receive/form.ts)",
      "search/: rank/ ⇄ understand/ (search/rank/rank.ts → search/understand/planted.ts)",
      "search/: understand/ ⇄ rank/ (search/understand/planted.ts → search/rank/rank.ts)",
    ]);
  });

  it("docs/code-layout.md shows the floors in this order", () => {
    expect(LAYOUT_DOC).toContain(floorsLine());
  });

  it("the floor check catches a climbing import, and allows one down or level", () => {
    const planted = new Map([
      ["text/planted.ts", ["search/index-sql.ts", "core/ids.ts"]],
      ["boardview/planted.ts", ["ingest/receive.ts"]],
      ["db/queries/planted.ts", ["auth/viewer.ts", "db/visibility.ts"]],
      ["limits/planted.ts", ["http/rate-limit.ts", "search/index.ts"]],
    ]);
    expect(climbing(planted)).toEqual([
      "text/planted.ts → search/index-sql.ts",
      "boardview/planted.ts → ingest/receive.ts",
      "db/queries/planted.ts → auth/viewer.ts",
      "limits/planted.ts → http/rate-limit.ts",
    ]);
  });

  it(`no folder of src/ holds more than ${MAX_FILES_IN_A_FOLDER} files directly, nor test/ more than ${MAX_FLAT_TESTS} test files`, () => {
    expect(oversized(folderCounts())).toEqual([]);
  });

  it("the size check catches a folder over its limit and an exception no longer needed", () => {
    const counts = new Map([
      ["src/core", 16],
      ["src/search", 31],
      ["src/http", 15],
      ["test", 26],
    ]);
    expect(oversized(counts, { "src/search": 30, "src/http": 18 })).toEqual([
      "src/core: 16 files directly (at most 15)",
      "src/search: 31 files directly (at most 30)",
      "test: 26 files directly (at most 25)",
      "src/http: within the limit now; delete its UNTIL_PHASE_2 line",
    ]);
  });

  it("has no import cycle", () => {
    expect(cycles().map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  // The domain (everything that is neither transport nor a surface) raises DomainError (src/errors.ts) and
  // returns values; only the surfaces (the API's transport http/ and routes/, the site, MCP, app.ts, index.ts)
  // speak HTTP and turn errors and decisions into problems, pages or tool results.
  const DOMAIN = [...DOMAIN_FOLDERS, "errors.ts", "config.ts"];
  it.each(DOMAIN.flatMap((domain) => SURFACES.map((surface) => [domain, surface])))(
    "no domain module under src/%s imports the surface src/%s",
    (from, to) => {
      expect(importers(from, to)).toEqual([]);
    },
  );

  it("no domain module imports Hono, the web framework (types included); zod from @hono/zod-openapi is the schema language", () => {
    expect(honoImporters(modules)).toEqual([]);
  });

  it("small files with one job: no module of src/ is over 400 lines", () => {
    const long = [...modules].filter(([, text]) => text.split("\n").length > 401).map(([name, text]) => `${name} (${text.split("\n").length - 1})`);
    expect(long).toEqual([]);
  });

  it("accounts write no statement themselves: theirs are in db/queries/accounts/", () => {
    expect(rawStatements(modules, "accounts/")).toEqual([]);
    const planted = new Map([
      ["accounts/planted.ts", 'await db.prepare("SELECT 1").first();\n'],
      ["accounts/fine.ts", 'import { findInvite } from "../db/queries/accounts/invites";\n'],
      ["db/queries/accounts/fine.ts", 'await db.prepare("SELECT 1").first();\n'],
    ]);
    expect(rawStatements(planted, "accounts/")).toEqual(["accounts/planted.ts"]);
  });

  it("limits answer with decisions: no module outside src/http/ catches an ApiError to read a refusal back", () => {
    expect([...modules].filter(([name, text]) => !name.startsWith("http/") && /instanceof\s+ApiError/.test(text)).map(([name]) => name)).toEqual([]);
  });

  it("the checks above catch a Hono import and a surface import in a domain folder", () => {
    const planted = new Map([
      ["auth/planted.ts", 'import type { Context } from "hono";\n'],
      ["db/planted.ts", 'import { createMiddleware } from "hono/factory";\n'],
      ["limits/planted.ts", 'import { OpenAPIHono, z } from "@hono/zod-openapi";\n'],
      ["schemas/fine.ts", 'import { z } from "@hono/zod-openapi";\n'],
      ["http/fine.ts", 'import { createMiddleware } from "hono/factory";\n'],
    ]);
    expect(honoImporters(planted)).toEqual(["auth/planted.ts", "db/planted.ts", "limits/planted.ts"]);
    const below = importsOf("ingest/planted.ts", 'import type { LimitCheck } from "../http/rate-limit";\n');
    expect(below).toEqual(["http/rate-limit.ts"]);
    expect(SURFACES.some((surface) => below[0].startsWith(surface))).toBe(true);
  });

  it.each([
    ["search/", "routes/", "search knows no routes"],
    ["db/", "routes/", "queries know no routes"],
    ["site/", "routes/", "the site uses queries and schemas, not routes"],
    ["mcp/", "routes/", "MCP uses queries and schemas, not routes"],
    ["schemas/", "auth/", "schemas describe; they do not authenticate"],
    ["auth/", "limits/", "authentication does not count limits (the rate-limit step does)"],
  ])("no module under src/%s imports src/%s (%s)", (from, to) => {
    expect(importers(from, to)).toEqual([]);
  });
});

describe("one place per boardview format: its module and a line in the list", () => {
  it("every listed line has its module, and every module is listed", () => {
    expect(unlistedOrMissing(modules)).toEqual([]);
  });

  it.each(BOARDVIEW_FORMAT_IDS)("%s is named by two files of src/ at most: its module and the list", (id) => {
    const namers = formatNamers(modules, id);
    expect(namers).toContain(FORMAT_LIST);
    expect(namers.length, namers.join(", ")).toBeLessThanOrEqual(2);
  });

  it("the checks catch a third file naming a format, a listed format without a module and a module not listed", () => {
    const planted = new Map([
      [FORMAT_LIST, 'export { ABC } from "./abc";\nexport { GONE } from "./gone";\n'],
      ["boardview-formats/abc.ts", 'export const ABC: BoardviewFormat = {\n  catalogue: [{ format: "abc" }],\n};\n'],
      ["boardview-formats/xyz.ts", 'export const XYZ: BoardviewFormat = {\n  catalogue: [{ format: "xyz" }],\n};\n'],
      ["schemas/planted.ts", 'const example = "abc";\n'],
      ["content/planted.ts", 'import { readAbc } from "../boardview-formats/abc";\n'],
    ]);
    expect(formatNamers(planted, "abc")).toEqual([FORMAT_LIST, "boardview-formats/abc.ts", "schemas/planted.ts", "content/planted.ts"]);
    expect(unlistedOrMissing(planted)).toEqual([
      `${FORMAT_LIST} lists GONE from boardview-formats/gone.ts, which does not define it`,
      "boardview-formats/xyz.ts defines a format the list does not name",
    ]);
  });
});

/** Sources the tests load into the Worker's isolate besides src/: the importer and the tests (not the browser ones). */
const LOADED_BESIDE = {
  ...import.meta.glob<string>("../cli/**/*.ts", { query: "?raw", import: "default", eager: true }),
  ...import.meta.glob<string>(["./**/*.{ts,tsx}", "!./e2e/**"], { query: "?raw", import: "default", eager: true }),
};

/** Packages a module imports as values (type-only imports are erased), dynamic imports included; workerd's own and vitest aside. */
function packagesImported(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+["']([^"'.][^"']*)["']/gms)) found.add(m[1]);
  for (const m of text.matchAll(/^\s*import\s+["']([^"'.][^"']*)["']/gm)) found.add(m[1]);
  for (const m of text.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g)) found.add(m[1]);
  return [...found].filter((name) => !/^(node:|cloudflare:|vitest)/.test(name));
}

const notPrebundled = (texts: string[]) =>
  [...new Set(texts.flatMap(packagesImported))].filter((name) => !(PREBUNDLED as readonly string[]).includes(name)).sort();

describe("the packages bundled before a test run (test/setup/prebundled.ts)", () => {
  it("name every package src/, cli/ and the tests import: one left out would load a second copy beside the bundle", () => {
    expect(notPrebundled([...Object.values(SOURCES), ...Object.values(LOADED_BESIDE)])).toEqual([]);
  });

  it("the check catches a value import, a bare one and a dynamic one, not a type-only one", () => {
    const planted = [
      'import { a } from "left-pad";',
      'import "side-effect";',
      'const m = await import("lazy-one");',
      'import type { T } from "types-only";',
      'import { env } from "cloudflare:workers";',
      'import { z } from "zod";',
    ];
    expect(notPrebundled([planted.join("\n")])).toEqual(["lazy-one", "left-pad", "side-effect"]);
  });
});

describe("the files that give the Worker their own settings (test/helpers/settings.ts)", () => {
  it("sit in the folders the sequencer starts before the others (test/setup/file-order.ts)", () => {
    const withSettings = Object.entries(LOADED_BESIDE)
      .filter(([path, text]) => path.endsWith(".test.ts") && /\buseSettings\(/.test(text))
      .map(([path]) => path.replace(/^\.\//, "test/"));
    expect(withSettings.length).toBeGreaterThan(0);
    expect(withSettings.filter((path) => !OWN_SETTINGS_FOLDERS.some((folder) => path.startsWith(folder)))).toEqual([]);
  });
});

// Every workerd package `npm ci` installs (the runtime and its platform binaries), at any depth: package-lock.json
// lists each install path with its version. Vite's glob skips nested node_modules, so the lockfile is read instead.
// Dev (wrangler), the tests (the plugin's miniflare) and `npm run build` must load one workerd (docs/decisions.md).
type Lockfile = { packages: Record<string, { version?: string }> };
const LOCKFILE = Object.values(import.meta.glob<Lockfile>("../package-lock.json", { import: "default", eager: true }))[0];
/** "path@version" of each workerd package in the lockfile. */
const workerdPackages = (lock: Lockfile) =>
  Object.entries(lock.packages)
    .filter(([path]) => /(^|\/)node_modules\/(workerd|@cloudflare\/workerd-[^/]+)$/.test(path))
    .map(([path, { version }]) => `${path}@${version}`);
/** The workerd releases in the lockfile (a platform binary carries its runtime's version). */
const workerdReleases = (lock: Lockfile) => new Set(workerdPackages(lock).map((entry) => entry.slice(entry.lastIndexOf("@") + 1)));

describe("one runtime: dev, tests and the deploy dry run use the same workerd", () => {
  it("exactly one workerd release is installed", () => {
    expect(workerdPackages(LOCKFILE).length).toBeGreaterThan(0);
    expect([...workerdReleases(LOCKFILE)], workerdPackages(LOCKFILE).join(", ")).toHaveLength(1);
  });

  it("the check catches a second workerd nested under another package", () => {
    const planted = {
      packages: { ...LOCKFILE.packages, "node_modules/@cloudflare/vitest-plugin/node_modules/workerd": { version: "1.20261103.1" } },
    };
    expect(workerdReleases(planted).size).toBe(2);
  });
});
