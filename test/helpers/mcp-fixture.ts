// The sample content plus what the MCP tests need: known ids for hidden items, and long items for the budget.
import { env } from "cloudflare:workers";
import { importContent } from "../../cli/import";
import sample from "../fixtures/sample.json";

export const MCP_IDS = {
  publishedPost: "01HZZ0000000000000000000P1",
  draftPost: "01HZZ0000000000000000000P2",
  scheduledPost: "01HZZ0000000000000000000P3",
  longPost: "01HZZ0000000000000000000P4",
  publishedCase: "01HZZ0000000000000000000C1",
  unpublishedCase: "01HZZ0000000000000000000C2",
  longCase: "01HZZ0000000000000000000C3",
  longThread: "01HZZ0000000000000000000T1",
} as const;

export const LONG_THREAD_REPLIES = 23;
/** The reply (1-based) of the long thread whose body is far over any budget. */
export const LONG_REPLY_NUMBER = 5;
export const EXTRA_PUBLIC_DOCUMENTS = 23;
export const LONG_POST_COMMENTS = 14;
/** Older posts and cases with long excerpts and symptoms, to fill pages of list_recent. */
export const FILLERS = 24;

/** Deterministic prose of about `chars` characters, in paragraphs. */
export function prose(chars: number, seed = "Measure PP3V3_S5 at the coil and compare with the schematic."): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const paragraph = `${i + 1}. ${seed} `.repeat(4).trim();
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join("\n\n").slice(0, chars);
}

const day = (n: number) => new Date(Date.UTC(2026, 9, 10) + n * 3600_000).toISOString();

export async function seedMcpFixture(): Promise<void> {
  // Typed loosely: the fixture is JSON checked by the importer itself, which reports any problem.
  const content: any = structuredClone(sample);
  content.blog_posts[0].id = MCP_IDS.publishedPost;
  content.blog_posts[1].id = MCP_IDS.draftPost;
  content.blog_posts[2].id = MCP_IDS.scheduledPost;
  content.cases[0].id = MCP_IDS.publishedCase;
  content.cases[1].id = MCP_IDS.unpublishedCase;
  content.threads.push({
    id: MCP_IDS.longThread,
    category: "laptops",
    title: "Long thread about PP3V3 rails",
    author: "alice",
    body: prose(20000),
    created_at: day(0),
    posts: Array.from({ length: LONG_THREAD_REPLIES }, (_, i) => ({
      author: i % 2 ? "bob" : "carol",
      body: i + 1 === LONG_REPLY_NUMBER ? prose(30000, `Reply ${i + 1} is very long.`) : `Reply ${i + 1}: ${prose(300)}`,
      score: i,
      created_at: day(i + 1),
    })),
  });
  content.blog_posts.push({
    id: MCP_IDS.longPost,
    title: "A very long guide",
    author: "bob",
    excerpt: prose(2000),
    tags: ["guide"],
    body: prose(20000, "Clean the board with isopropyl alcohol before measuring."),
    published_at: day(0),
    comments: Array.from({ length: LONG_POST_COMMENTS }, (_, i) => ({
      author: "alice",
      body: `Comment ${i + 1}. ${prose(i === 0 ? 5000 : 100)}`,
      created_at: day(i + 1),
    })),
  });
  content.cases.push({
    id: MCP_IDS.longCase,
    title: "Long case",
    symptom: prose(3000),
    diagnosis: prose(30000),
    fix: prose(10000),
    author: "bob",
    board: "NM-A311",
    published_at: day(0),
    measurements: Array.from({ length: 60 }, (_, i) => ({ point: `TP${i}`, expected: "3.3 V", measured: "0 V", note: prose(500) })),
    components: Array.from({ length: 45 }, (_, i) => ({ designator: `U${i}`, part_number: null, action: "replaced", note: null })),
  });
  // Boards whose number or alias starts "LA-K3", for completion in any spelling.
  content.boards.push({ number: "LA-K371P", manufacturer: "Lenovo" }, { number: "NM-D111", manufacturer: "Lenovo", aliases: ["LA-K351P"] });
  for (let i = 0; i < EXTRA_PUBLIC_DOCUMENTS; i++) {
    content.documents.push({
      title: `NM-A311 document ${i + 1}`,
      type: "datasheet",
      visibility: "public",
      owner: "bob",
      boards: ["NM-A311"],
      created_at: day(i),
      versions: [{ version: 1, filename: `doc-${i + 1}.txt`, content_text: `document ${i + 1}` }],
    });
  }
  for (let i = 0; i < FILLERS; i++) {
    const published_at = new Date(Date.UTC(2026, 7, 1 + i)).toISOString();
    content.blog_posts.push({ title: `Older post ${i + 1}`, author: "alice", excerpt: prose(3000), body: "Short.", published_at });
    content.cases.push({ title: `Older case ${i + 1}`, symptom: prose(3000), diagnosis: "Short.", author: "alice", published_at });
  }
  const outcome = await importContent(env, content, { reset: true });
  if (!outcome.ok) throw new Error("MCP fixture did not import: " + JSON.stringify(outcome.problems));
}
