// What the search module can fail with, in its own terms (mapped per surface: see src/errors.ts).
import { DomainError } from "../errors";
import { msg } from "../core/messages/errors";

/** Seconds a caller should wait while the index is dropped for an export and rebuilt. */
export const SEARCH_REBUILD_RETRY_SECONDS = 60;

/** The index tables are missing: between `admin search:drop` and `search:rebuild`. */
export class SearchUnavailable extends DomainError {
  constructor() {
    super("unavailable", msg.searchRebuilding(), SEARCH_REBUILD_RETRY_SECONDS);
  }
}
