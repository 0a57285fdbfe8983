// The Env type comes from wrangler.toml: worker-configuration.d.ts, written by `npm run types` (checked by
// `npm test`). Here only what wrangler.toml cannot declare.
declare namespace Cloudflare {
  interface Env {
    /** Optional var, commented out in wrangler.toml: unset, the request's origin is used. */
    SITE_URL?: string;
  }
}
// The generated file's global Env no longer extends Cloudflare.Env (wrangler 4.164): joined here, so the line
// above reaches the Env every handler and test sees.
interface Env extends Cloudflare.Env {}
