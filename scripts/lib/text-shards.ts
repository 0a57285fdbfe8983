// The text databases as the command-line tools reach them: TEXT_SHARDS read from wrangler.toml, each one
// through the local bindings or through wrangler (--remote, --rehearse).
import { unstable_readConfig } from "wrangler";
import { parseTextShards, textShards, type TextShard } from "../../src/text/shards";
import { WranglerD1, type WranglerLocation } from "./wrangler-d1";

/** TEXT_SHARDS of wrangler.toml. */
export function textShardsVar(): string {
  const value = unstable_readConfig({ config: "wrangler.toml" }).vars?.TEXT_SHARDS;
  return typeof value === "string" ? value : "";
}

/** The shards over local bindings (getPlatformProxy's env, which has no vars of its own here). */
export function localTextShards(env: object): TextShard[] {
  return textShards({ ...env, TEXT_SHARDS: textShardsVar() });
}

/** The shards through `wrangler d1 execute <binding> --remote|--local`. */
export function wranglerTextShards(location: WranglerLocation): TextShard[] {
  return parseTextShards(textShardsVar()).map(({ name, open }) => ({ name, open, db: new WranglerD1(location, name).asD1Database() }));
}
