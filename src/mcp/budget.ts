// The assistants' budget as tools and resources see it: a decision taken beside their work by
// src/mcp/rate-limit.ts. An over-budget call is answered in the protocol (a tool result with isError, a
// JSON-RPC error for a resource read), never as an HTTP error, so the client's connection keeps working.
import { ToolError } from "./errors";
import { plural } from "./format";

export interface BudgetRefusal {
  /** Tool calls and resource reads allowed per address per minute (MCP_RATE_PER_MINUTE). */
  limit: number;
  retryAfterSeconds: number;
  /** Calls the refused request carried (more than 1 for a JSON-RPC batch: all are refused together). */
  cost: number;
}

export interface Budget {
  /** Settles with the refusal, or null when the request's calls are within the budget (or were not counted). */
  decision: Promise<BudgetRefusal | null>;
  /** Set when the caller was already refused when the request arrived (the isolate remembers it): no work starts. */
  refusedAtOnce?: BudgetRefusal;
}

export const UNCOUNTED: Budget = { decision: Promise.resolve(null) };

export function overBudgetText({ limit, retryAfterSeconds, cost }: BudgetRefusal): string {
  const batch = cost > 1 ? ` This request carried ${cost} of them; they were refused together.` : "";
  return (
    `This address has used its ${limit} MCP tool calls and resource reads for this minute. Retry in ${plural(retryAfterSeconds, "second")}.${batch} ` +
    "Listing tools and templates, completions and ping keep working meanwhile."
  );
}

/** A call refused by the budget: a tool error whose text says when to retry. */
export class OverBudget extends ToolError {
  constructor(readonly refusal: BudgetRefusal) {
    super(overBudgetText(refusal));
  }
}

/**
 * The work's outcome once the budget allows it, the work running beside the decision; OverBudget when the budget
 * refuses (the work's outcome dropped unseen), at once and without starting the work when the refusal is known.
 */
export async function withinBudget<T>(budget: Budget, work: () => Promise<T>): Promise<T> {
  if (budget.refusedAtOnce) throw new OverBudget(budget.refusedAtOnce);
  const running = work();
  running.catch(() => undefined); // refused: its failure, if any, is nobody's concern
  const refused = await budget.decision;
  if (refused) throw new OverBudget(refused);
  return running;
}
