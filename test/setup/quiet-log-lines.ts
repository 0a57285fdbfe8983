// The Worker's structured lines (src/http/log-line.ts: one per request and per queue message) go to workerd's
// output unrelayed (disableConsoleIntercept, vitest.config.ts): thousands per run. They are dropped here; every
// other line prints. test/logging.test.ts reads them through its own spy on console.log, which this sits under.
// Setup files run once per test file in the same workerd: the filter is put in place once.
const INSTALLED = Symbol.for("bds.quietLogLines");
const scope = globalThis as { [INSTALLED]?: boolean };
if (!scope[INSTALLED]) {
  scope[INSTALLED] = true;
  const write = console.log.bind(console);
  const structured = /^\{"type":"(request|queue-message)"/;
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && structured.test(args[0])) return;
    write(...args);
  };
}
export {};
