// Small helpers shared by the operator scripts: usage errors and readable failures.
export class UsageError extends Error {}

/** Runs a script's main; usage errors exit 2, anything else prints its message and exits 1. */
// biome-ignore lint/suspicious/noConfusingVoidType: a script's main may end without a value (exit 0) or return its exit code.
export function runMain(main: () => Promise<number | void>): void {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    // Started outside npm (plain `node`/`tsx`) on an old Node: npm scripts pick a supported one (README: Quick start).
    console.error(`This needs Node 22.12+ (this is ${process.version}): run it through npm (npm run …) or npx, which use the project's Node.`);
    process.exit(1);
  }
  main().then(
    (code) => process.exit(code ?? 0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`error: ${error.message}`);
        process.exit(2);
      }
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
