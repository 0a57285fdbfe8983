// Every route of the Worker fits Hono's RegExpRouter (all routes matched by one regular expression). One route it
// cannot take (a pattern inside a parameter, a literal segment beside a parameter) sends Hono's SmartRouter to
// its tree router for every request: measured at about 9% of the Worker's CPU per API read.
import { RegExpRouter } from "hono/router/reg-exp-router";
import { expect, it } from "vitest";
import { buildApp } from "../src/app";

it("every route of the Worker fits the one-regular-expression router", () => {
  const routes = buildApp().routes.map(({ method, path }) => [method, path] as const);
  /** Whether the first `n` routes fit: the matcher is built on the first match, where a route that does not fit is refused. */
  const fits = (n: number) => {
    const router = new RegExpRouter<number>();
    try {
      for (const [i, [method, path]] of routes.slice(0, n).entries()) router.add(method, path, i);
      router.match("GET", "/");
      return true;
    } catch {
      return false;
    }
  };
  // The first route that does not fit, named in the failure.
  const first = routes.findIndex((_, i) => !fits(i + 1));
  expect(first === -1 ? "all fit" : routes[first].join(" ")).toBe("all fit");
});
