// text:check and text:sizes: the operator's view of the text databases (TEXT_SHARDS). text:check finds page
// text no document points at (a write that stopped between a shard and the primary, a shard dropped from the
// configuration and added back) and lists it; it changes nothing. text:sizes prints each database's size
// and its share of D1's 10 GB: add a text database before the open ones reach the threshold in
// docs/capacity.md.
import { z } from "zod";
import { databaseSizes, findOrphanedText } from "../../src/text/check";
import { defineCommand } from "./command";

const checkCommand = defineCommand({
  name: "text:check",
  summary: "Find orphaned page text on the text databases (documents the primary no longer places there); prints them, changes nothing.",
  usage: "",
  input: z.strictObject({}),
  async run({ db, shards }) {
    const reports = await findOrphanedText(db, shards);
    const lines = reports.map(
      (r) =>
        `${r.shard}: ${r.documents.length} orphaned document(s)${r.documents.length ? ": " + r.documents.join(" ") : ""}; ${r.keylessPages} page row(s) without a key`,
    );
    const total = reports.reduce((n, r) => n + r.documents.length + r.keylessPages, 0);
    lines.push(
      total ? `Orphaned text found (${total}); nothing was changed. docs/capacity.md ("The check") says how to remove it.` : "No orphaned text.",
    );
    return lines;
  },
});

const gb = (bytes: number) => (bytes / 1000 ** 3).toFixed(3);

const sizesCommand = defineCommand({
  name: "text:sizes",
  summary: "Each database's size and its share of D1's 10 GB limit (the primary and every text database).",
  usage: "",
  input: z.strictObject({}),
  async run({ db, shards }) {
    const sizes = await databaseSizes(db, shards);
    return sizes.map((s) => {
      const open = shards.find((x) => x.name === s.name);
      const tag = s.name === "DB" ? "primary" : open?.open ? "text, open" : "text, full";
      return `${s.name.padEnd(8)} ${gb(s.bytes).padStart(8)} GB  ${(s.share * 100).toFixed(2).padStart(6)}% of 10 GB  (${tag}${s.pages !== undefined ? `, ${s.pages} pages` : ""})`;
    });
  },
});

export const TEXT_COMMANDS = [checkCommand, sizesCommand];
