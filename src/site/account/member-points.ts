// A board's point answer for the viewer's panel on a member's page (issue 55, item 6): the same answer as GET
// /api/v1/boards/{number}/points/{point}, read for the session's member, so their private and shared schematics'
// pages are listed for them and for no one else. Never stored by any cache; without a live session it is the
// anonymous answer.
import type { Context } from "hono";
import { getBoardPoint } from "../../db/queries/boards/board-points";
import type { AppEnv } from "../../http/app-env";
import { apiErrorResponse } from "../../http/errors";
import { notFound } from "../../http/problem";
import { queryContext } from "../../http/request-queries";
import { currentMember } from "./guard";

const PRIVATE = { "Cache-Control": "private, no-store", Vary: "Cookie" };

/** The API's answer and the API's problems (not found, `ambiguous-name` with its candidates), never cached. */
export async function memberPoint(c: Context<AppEnv>): Promise<Response> {
  try {
    const member = await currentMember(c);
    const ctx = { ...queryContext(c), viewer: member ? { userId: member.userId } : null };
    const answer = await getBoardPoint(ctx, c.req.param("number") ?? "", c.req.param("point") ?? "");
    if (!answer) throw notFound("board point");
    return c.json({ data: answer }, 200, PRIVATE);
  } catch (err) {
    const problem = apiErrorResponse(err, c);
    for (const [name, value] of Object.entries(PRIVATE)) problem.headers.set(name, value);
    return problem;
  }
}
