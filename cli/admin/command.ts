// The admin command registry's building blocks. A command declares its name, usage and a zod
// schema of its options; `run` gets the parsed options and a D1Database (local binding, the test
// pool's binding, or the deployed database through wrangler) and returns the lines to print.
// Commands hold no CLI concerns, so they run unchanged in workerd tests.
import { z } from "zod";
import type { TextShard } from "../../src/text/shards";

/** A mistake of the operator (unknown user, bad scope, missing option): printed, exit code 2. */
export class AdminError extends Error {}

export interface AdminContext {
  db: D1Database;
  /** The FILES bucket (or what reaches it through wrangler), for commands that remove files. */
  files?: Pick<R2Bucket, "delete">;
  /** The text databases (TEXT_SHARDS): page text and its index. */
  shards: readonly TextShard[];
  now: Date;
  /** The site's address (SITE_URL), for links the commands print (users:invite). */
  siteUrl?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds commands of every input type; each command's own run() is typed by its schema.
export interface AdminCommand<Input = any> {
  /** "group:verb", e.g. keys:create. */
  name: string;
  summary: string;
  /** Options and arguments after the name, e.g. "--user NAME [--name TEXT]". */
  usage: string;
  /** Names given to positional arguments, in order (they join the options object). */
  positionals?: string[];
  /** Options that may be given more than once: their values arrive as a list. */
  repeatable?: string[];
  input: z.ZodType<Input>;
  run(ctx: AdminContext, input: Input): Promise<string[]>;
}

/** Declares a command with its input type inferred from the schema. */
export function defineCommand<S extends z.ZodType>(command: Omit<AdminCommand<z.output<S>>, "input"> & { input: S }): AdminCommand<z.output<S>> {
  return command as AdminCommand<z.output<S>>;
}

/**
 * `--flag value`, `--flag=value` and positionals into one object. A flag given without a value is
 * `true`, which string options then refuse with "needs a value".
 */
export function parseArgv(
  argv: readonly string[],
  positionalNames: readonly string[] = [],
  repeatable: readonly string[] = [],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--") && arg.length > 2) {
      const eq = arg.indexOf("=");
      const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      let value: string | true;
      if (eq !== -1) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) value = argv[++i];
      else value = true;
      if (repeatable.includes(name)) values[name] = [...((values[name] as (string | true)[] | undefined) ?? []), value];
      else if (name in values) throw new AdminError(`--${name} is given more than once`);
      else values[name] = value;
    } else positionals.push(arg);
  }
  if (positionals.length > positionalNames.length) {
    throw new AdminError(`unexpected argument ${JSON.stringify(positionals[positionalNames.length])}`);
  }
  positionalNames.forEach((name, i) => {
    if (positionals[i] !== undefined) values[name] = positionals[i];
  });
  return values;
}

/** One line per zod issue, naming the option the way the operator typed it. */
export function describeIssues(error: z.ZodError, positionalNames: readonly string[] = []): string[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") return issue.keys.map((k) => `unknown option --${k}`);
    const key = String(issue.path[0] ?? "");
    const label = positionalNames.includes(key) ? `<${key}>` : `--${key}`;
    return [key ? `${label}: ${issue.message}` : issue.message];
  });
}

/** A required string option: refuses a missing value and a bare flag with a clear message. */
export function option<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === undefined) ctx.addIssue({ code: "custom", message: "is required" });
      else if (value === true) ctx.addIssue({ code: "custom", message: "needs a value" });
    })
    .pipe(schema);
}

/** An optional string option: absent is undefined, a bare flag still needs a value. */
export function optionalOption<S extends z.ZodType>(schema: S) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      if (value === true) ctx.addIssue({ code: "custom", message: "needs a value" });
    })
    .pipe(schema)
    .optional();
}

export interface AdminResult {
  /** 0 done, 2 operator mistake. */
  code: 0 | 2;
  output: string[];
}

export function helpText(commands: readonly AdminCommand[]): string[] {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "usage: npm run admin -- <command> [options] [--remote | --rehearse]",
    "",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.usage}\n  ${"".padEnd(width)}  ${c.summary}`),
  ];
}

/** Finds the command, validates its options and runs it; operator mistakes become exit code 2. */
export async function runAdminCommand(commands: readonly AdminCommand[], ctx: AdminContext, argv: readonly string[]): Promise<AdminResult> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") return { code: name ? 0 : 2, output: helpText(commands) };
  const command = commands.find((c) => c.name === name);
  if (!command) return { code: 2, output: [`error: unknown command ${JSON.stringify(name)}`, ...helpText(commands)] };
  const usage = `usage: npm run admin -- ${command.name} ${command.usage}`;
  try {
    const parsed = command.input.safeParse(parseArgv(rest, command.positionals, command.repeatable));
    if (!parsed.success) return { code: 2, output: [...describeIssues(parsed.error, command.positionals).map((l) => `error: ${l}`), usage] };
    return { code: 0, output: await command.run(ctx, parsed.data) };
  } catch (error) {
    if (error instanceof AdminError) return { code: 2, output: [`error: ${error.message}`, usage] };
    throw error;
  }
}

/** Rows as aligned text columns under a header. */
export function formatTable(headers: string[], rows: string[][]): string[] {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}
