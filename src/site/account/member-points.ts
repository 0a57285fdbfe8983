// A board's point answer for the viewer's panel on a member's page (issue 55, item 6): the same answer as GET
// /api/v1/boards/{number}/points/{point}, read for the session's member, so their private and shared schematics'
// pages are listed for them and for no one else. Never stored by any cache; without a live session it is the
// anonymous answer.
import type { Context } from "hono";
import { getBoardPoint } from "../../db/queries/boards/board-points";
import type { AppEnv } from "../../http/app-env";
import { queryContext } from "../../http/request-queries";
import { currentMember } from "./guard";

const PRIVATE = { "Cache-Control": "private, no-store", Vary: "Cookie" };

export async function memberPoint(c: Context<AppEnv>): Promise<Response> {
  const member = await currentMember(c);
  const ctx = { ...queryContext(c), viewer: member ? { userId: member.userId } : null };
  const answer = await getBoardPoint(ctx, c.req.param("number") ?? "", c.req.param("point") ?? "");
  if (!answer) return c.json({ error: "not found" }, 404, PRIVATE);
  return c.json({ data: answer }, 200, PRIVATE);
}
