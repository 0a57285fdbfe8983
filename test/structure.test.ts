/// <reference types="vite/client" />
// The structure of src/: no import cycle (type-only imports included), and the layers import only downward.
// Sources are read as text at build time (Vite's import.meta.glob), so this runs with the rest of the suite.
import { describe, expect, it } from "vitest";

const SOURCES = import.meta.glob<string>("../src/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true });

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

const graph = new Map([...modules].map(([name, text]) => [name, importsOf(name, text)]));

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

  it("has no import cycle", () => {
    expect(cycles().map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  // The domain (everything that is neither transport nor a surface) raises DomainError (src/errors.ts); only
  // the API (http/, routes/), the site and MCP turn errors into problems, pages or tool results.
  const DOMAIN = [
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
    "errors.ts",
  ];
  const EDGES = ["http/problem.ts", "http/problem-table.ts", "http/errors.ts", "routes/", "site/", "mcp/", "app.ts"];
  it.each(DOMAIN.flatMap((domain) => EDGES.map((edge) => [domain, edge])))("no domain module under src/%s imports the edge src/%s", (from, to) => {
    expect(importers(from, to)).toEqual([]);
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
