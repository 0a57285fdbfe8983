// Errors of the domain (search, queries, ingestion): what went wrong, in words any surface can show.
// The domain never speaks HTTP; each surface maps these once: the API to problems (http/errors.ts), the
// site to pages with the same status (site/errors.ts), MCP to tool errors (mcp/tool.ts).
export type DomainErrorKind = "not-found" | "conflict" | "gone" | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** When the same call may work again (a rebuild in progress, an upload still being received). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
