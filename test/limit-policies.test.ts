/// <reference types="vite/client" />
// The limit policies (src/limits/policies.ts) are the one list of limits: each one's var is read by config.ts
// and set in wrangler.toml, and docs/limits.md's table names it; its window is the one the headers announce.
import { describe, expect, it } from "vitest";
import limitsDoc from "../docs/limits.md?raw";
import wranglerToml from "../wrangler.toml?raw";
import { readConfig } from "../src/config";
import { POLICIES, type LimitPolicy } from "../src/limits/policies";

const policies = Object.entries(POLICIES) as [LimitPolicy, (typeof POLICIES)[LimitPolicy]][];

describe("limit policies", () => {
  it.each(policies)("%s: its var is set in wrangler.toml, named in docs/limits.md and read by config.ts", (_, policy) => {
    expect(wranglerToml).toMatch(new RegExp(`^${policy.variable}\\s*=`, "m"));
    expect(limitsDoc).toContain(`\`${policy.variable}\``);
    const defaults = readConfig({} as Env);
    const changed = readConfig({ [policy.variable]: "7" } as unknown as Env);
    const differing = Object.keys(defaults).filter((k) => defaults[k as keyof typeof defaults] !== changed[k as keyof typeof changed]);
    expect(differing).toHaveLength(1);
    expect(changed[differing[0] as keyof typeof changed]).toBe(7);
  });

  it("request rates count per minute; caps per day (downloads) and per hour (uploads)", () => {
    expect(policies.filter(([, p]) => p.kind === "rate").every(([, p]) => p.windowSeconds === 60)).toBe(true);
    expect([POLICIES.downloads.windowSeconds, POLICIES.uploads.windowSeconds]).toEqual([86_400, 3_600]);
  });
});
