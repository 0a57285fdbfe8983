// A thread's merit (src/search/plan/plan-group.ts MERIT) is kept per thread by triggers (migrations/0021_thread_merit.sql)
// so ranking reads one row per candidate: it must stay what MERIT computes from the thread's visible replies
// through every change a reply goes through, and it still decides between two equal threads.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { searchSite } from "../../src/search";
import { MERIT } from "../../src/search/plan/plan-group";
import { seedSample } from "../helpers/app";
import { queryContext } from "../helpers/query-context";

const THREAD = "01JTM000000000000000000001";
const TWIN = "01JTM000000000000000000002";
const REPLY = (n: number) => `01JTM0000000000000000001${String(n).padStart(2, "0")}`;

const thread = (id: string, created: string) => ({
  id,
  category: "laptops",
  title: "Chirrido vorquel",
  author: "bob",
  created_at: created,
  body: "El vorquel chirria al cargar.",
});

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, { threads: [thread(THREAD, "2026-10-01T00:00:00Z"), thread(TWIN, "2026-10-02T00:00:00Z")] });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

/** What MERIT says the thread is worth, from its replies as they are now. */
async function expectedMerit(threadId: string): Promise<number> {
  const { results } = await env.DB.prepare("select is_solution, score, hidden from thread_replies where thread_id = ?")
    .bind(threadId)
    .all<{ is_solution: number; score: number; hidden: number }>();
  const visible = results.filter((r) => !r.hidden);
  const votes = Math.min(
    MERIT.maxVotes,
    Math.max(
      0,
      visible.reduce((n, r) => n + r.score, 0),
    ),
  );
  return (visible.some((r) => r.is_solution) ? MERIT.solvedThread : 0) + MERIT.votePerPoint * votes;
}

const storedMerit = async (threadId: string) =>
  (await env.DB.prepare("select merit from thread_merits where thread_id = ?").bind(threadId).first<number>("merit")) ?? 0;

const addReply = (n: number, score: number, isSolution: boolean) =>
  env.DB.prepare(
    "insert into thread_replies (id, thread_id, author_id, body, body_html, is_solution, score, hidden, created_at) values (?, ?, (select id from users limit 1), 'ok', '<p>ok</p>', ?, ?, 0, ?)",
  )
    .bind(REPLY(n), THREAD, isSolution ? 1 : 0, score, `2026-10-0${n}T00:00:00Z`)
    .run();

describe("thread merit kept by triggers", () => {
  it("follows every change of the thread's replies, as MERIT computes it", async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ["a reply with two votes", () => addReply(1, 2, false)],
      ["a reply with five more", () => addReply(2, 5, false)],
      ["an accepted solution", () => env.DB.prepare("update thread_replies set is_solution = 1 where id = ?").bind(REPLY(1)).run()],
      ["a downvoted reply", () => env.DB.prepare("update thread_replies set score = -4 where id = ?").bind(REPLY(2)).run()],
      ["the solution hidden", () => env.DB.prepare("update thread_replies set hidden = 1 where id = ?").bind(REPLY(1)).run()],
      ["a reply deleted", () => env.DB.prepare("delete from thread_replies where id = ?").bind(REPLY(2)).run()],
    ];
    const seen: number[] = [];
    for (const [what, step] of steps) {
      await step();
      const expected = await expectedMerit(THREAD);
      expect(await storedMerit(THREAD), what).toBeCloseTo(expected, 9);
      seen.push(expected);
    }
    // The steps went through distinct merits (votes, capped votes, a solution, negative votes, hidden): not all zero.
    expect(new Set(seen.map((m) => m.toFixed(2))).size).toBeGreaterThan(3);
  });

  it("decides between two equal threads: the one with merit ranks first", async () => {
    await env.DB.prepare("update thread_replies set hidden = 0, is_solution = 1 where id = ?").bind(REPLY(1)).run();
    const found = await searchSite(queryContext(), "chirrido vorquel");
    // The twin is newer and otherwise the same: without its merit the older thread would rank second.
    expect(found.threads.map((t) => t.id)).toEqual([THREAD, TWIN]);
  });

  it("a thread imported with its replies (written before it) has its merit at once", async () => {
    const solved = "01JTM000000000000000000003";
    const outcome = await importContent(env, {
      threads: [
        {
          ...thread(solved, "2026-10-03T00:00:00Z"),
          posts: [{ author: "alice", body: "Cambiado el vorquel.", is_solution: true, score: 3, hidden: false, created_at: "2026-10-04T00:00:00Z" }],
        },
      ],
    });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    expect(await storedMerit(solved)).toBeCloseTo(MERIT.solvedThread + 3 * MERIT.votePerPoint, 9);
  });

  it("a deleted thread leaves no merit behind", async () => {
    await env.DB.prepare("delete from threads where id = ?").bind(THREAD).run();
    expect(await env.DB.prepare("select count(*) as n from thread_merits where thread_id = ?").bind(THREAD).first<number>("n")).toBe(0);
  });
});
