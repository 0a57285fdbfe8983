// A throwaway Worker that runs the importer inside workerd with the local bindings (started by
// scripts/lib/local.ts for one import, on a random loopback port, never deployed). Going through
// getPlatformProxy instead costs one proxy round trip per statement: minutes for the demo.
import { importContent } from "../../src/import";

// wrangler.toml declares the Limiter class for this Worker name; exporting it keeps workerd quiet.
export { Limiter } from "../../src/limits/limiter";

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { content, reset } = (await request.json()) as { content: unknown; reset: boolean };
    return Response.json(await importContent(env, content, { reset }));
  },
} satisfies ExportedHandler<Env>;
