// A throwaway Worker that writes import batches inside workerd with the local bindings (started by
// scripts/lib/worker-target.ts for one import, on a random loopback port, never deployed). Each
// request is one batch: one Worker invocation and one D1 batch(), as the deployed service would run it.
import { bindingTarget } from "../../cli/import/target";
import type { KeyKind } from "../../cli/import/validate";
import { decodeBatch, type WireBatch } from "./import-wire";

// wrangler.toml declares these Durable Object classes for this Worker name: wrangler refuses to start a
// Worker that does not export every one of them (the import uses neither).
export { Limiter } from "../../src/limits/limiter";
export { QuotaLedger } from "../../src/limits/quota";

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const target = bindingTarget(env);
    const path = new URL(request.url).pathname;
    if (path === "/existing") {
      const { kind, keys } = (await request.json()) as { kind: KeyKind; keys: string[] };
      return Response.json([...(await target.existing(kind, keys))]);
    }
    if (path === "/reset") {
      await target.reset();
      return Response.json(null);
    }
    if (path === "/write") {
      return Response.json(await target.write(decodeBatch((await request.json()) as WireBatch)));
    }
    if (path === "/sweep") return Response.json(await target.removeUnreferencedFiles());
    if (path === "/search-size") return Response.json((await target.searchIndexSize()) ?? null);
    if (path === "/search-drop") {
      await target.dropSearchIndex();
      return Response.json(null);
    }
    if (path === "/search-rebuild") return Response.json(await target.rebuildSearchIndex());
    if (path === "/vocabulary-sync") return Response.json((await target.syncVocabulary?.()) ?? 0);
    return new Response("not found", { status: 404 });
  },
} satisfies ExportedHandler<Env>;
