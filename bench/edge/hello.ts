// The floor of the side-by-side run (bench/edge/side-by-side.ts): a Worker that answers "hello" and does nothing
// else, under the same `wrangler dev` on the same machine. What a request costs before any of the service's code.
export default {
  fetch: () => new Response("hello", { headers: { "Content-Type": "text/plain" } }),
} satisfies ExportedHandler;
