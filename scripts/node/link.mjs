// postinstall: links node_modules/.bin/node to scripts/node/node.sh, over the locked Node 22's own link, so npm
// scripts run on the Node that runs npm when it is 22.12+ and on the locked Node 22 otherwise (README: Node).
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "node_modules", ".bin");
const link = join(bin, "node");

// Windows has no sh: there npm scripts run on the Node that runs npm (22.12+ is needed, README: Node).
if (process.platform !== "win32") {
  mkdirSync(bin, { recursive: true });
  rmSync(link, { force: true }); // a dangling link too
  symlinkSync(join("..", "..", "scripts", "node", "node.sh"), link);
}
