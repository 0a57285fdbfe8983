// Where the header's search form submits; undefined while the site has no search page.
import type { Site } from "./context";

export function searchFormTarget(_site: Site): string | undefined {
  return undefined;
}
