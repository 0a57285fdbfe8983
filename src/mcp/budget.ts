// The assistants' budget as tools and resources see it: a decision taken beside their work by
// src/mcp/transport/rate-limit.ts. An over-budget call is answered in the protocol (a tool result with isError, a
// JSON-RPC error for a resource read), never as an HTTP error, so the client's connection keeps working.
import { ToolError } from "./errors";
import type { Lang } from "../core/language";
import { mcpWords } from "./i18n";

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

/** Why the call was refused and when to retry, in the reader's language (src/mcp/i18n.ts). */
export function overBudgetText({ limit, retryAfterSeconds, cost }: BudgetRefusal, lang: Lang = "en"): string {
  const words = mcpWords(lang);
  return words.overBudget(limit, words.seconds(retryAfterSeconds), cost);
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
