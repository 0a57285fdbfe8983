// Where an interrupted import stands, so running the same command again resumes after the last
// stored batch instead of starting over. Only a convenience: the write pass is idempotent, so a
// lost or deleted checkpoint costs time, never correctness.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Position } from "../../cli/import/batch";

const DIR = join(".wrangler", "import");

/** What must match for a checkpoint to apply: the same input (size and time), target and mode. */
export interface RunIdentity {
  input: string;
  size: number;
  mtimeMs: number;
  target: string;
  reset: boolean;
}

export class Checkpoint {
  readonly path: string;

  constructor(private readonly identity: RunIdentity) {
    const id = createHash("sha256").update(resolve(identity.input)).update(identity.target).digest("hex").slice(0, 16);
    this.path = join(DIR, `checkpoint-${id}.json`);
  }

  /** The position to resume from, when an earlier run of this very input stopped half-way. */
  load(): Position | undefined {
    if (!existsSync(this.path)) return undefined;
    try {
      const saved = JSON.parse(readFileSync(this.path, "utf8")) as RunIdentity & { resumeAt?: Position };
      const same = (Object.keys(this.identity) as (keyof RunIdentity)[]).every((k) => saved[k] === this.identity[k]);
      return same ? saved.resumeAt : undefined;
    } catch {
      return undefined;
    }
  }

  save(resumeAt: Position): void {
    mkdirSync(DIR, { recursive: true });
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, JSON.stringify({ ...this.identity, resumeAt }));
    // A rename is atomic: a kill mid-write never leaves a half-written checkpoint.
    renameSync(temporary, this.path);
  }

  clear(): void {
    rmSync(this.path, { force: true });
  }
}
