/// <reference types="vite/client" />
// The deployment commands of docs/deployment.md create every resource wrangler.toml names, and set every secret.
import { describe, expect, it } from "vitest";
import devVarsExample from "../.dev.vars.example?raw";
import deployment from "../docs/deployment.md?raw";
import wranglerToml from "../wrangler.toml?raw";

/** The shell commands of the Deployment section of docs/deployment.md. */
function deploymentCommands(): string {
  const start = deployment.indexOf("## Deployment");
  const end = deployment.indexOf("\n## ", start + 1);
  const section = deployment.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]).join("\n");
}

/** Every value of `key = "…"` in wrangler.toml, comments excluded. */
function tomlValues(key: string): string[] {
  const uncommented = wranglerToml.replace(/#.*$/gm, "");
  return [...uncommented.matchAll(new RegExp(`^\\s*${key}\\s*=\\s*"([^"]+)"`, "gm"))].map((m) => m[1]);
}

describe("deployment commands (docs/deployment.md)", () => {
  const commands = deploymentCommands();

  it("exist", () => {
    expect(commands).toContain("wrangler deploy");
  });

  it("create the D1 database and apply its migrations remotely", () => {
    const databases = tomlValues("database_name");
    expect(databases.length).toBeGreaterThan(0);
    for (const name of databases) expect(commands).toContain(`wrangler d1 create ${name}`);
    const d1Bindings = [...wranglerToml.matchAll(/binding\s*=\s*"([^"]+)"\s*\n\s*database_name/g)].map((m) => m[1]);
    expect(d1Bindings.length).toBe(databases.length);
    for (const binding of d1Bindings) expect(commands).toContain(`wrangler d1 migrations apply ${binding} --remote`);
  });

  it("create every R2 bucket", () => {
    const buckets = tomlValues("bucket_name");
    expect(buckets.length).toBeGreaterThan(0);
    for (const name of buckets) expect(commands).toContain(`wrangler r2 bucket create ${name}`);
  });

  it("create every queue, dead-letter queues included", () => {
    const queues = new Set([...tomlValues("queue"), ...tomlValues("dead_letter_queue")]);
    expect(queues.size).toBeGreaterThan(1);
    for (const name of queues) expect(commands).toMatch(new RegExp(`wrangler queues create ${name}(\\s|$)`));
  });

  it("set every secret that .dev.vars.example names", () => {
    const secrets = [...devVarsExample.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(secrets.length).toBeGreaterThan(0);
    for (const name of secrets) expect(commands).toContain(`wrangler secret put ${name}`);
  });

  it("name SITE_URL, the var the deployed service needs set", () => {
    expect(commands).toContain("SITE_URL");
  });
});
