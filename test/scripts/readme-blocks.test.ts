// How `npm run test:readme` reads the README and judges an answer (scripts/lib/readme-blocks.ts).
import { describe, expect, it } from "vitest";
import { shellBlocks, wrongAnswer } from "../../scripts/lib/readme-blocks";

describe("README shell blocks", () => {
  it("takes sh blocks as commands, joins continuations, drops comments, honours a skip marker", () => {
    const markdown = [
      "text",
      "```sh",
      "# a comment",
      "npm run upload -- ./a.pdf \\",
      "  --title x",
      "curl -s localhost:8787/healthz   # trailing comment stays for bash",
      "```",
      "<!-- examples: skip: needs an account -->",
      "```sh",
      "npx wrangler deploy",
      "```",
      "```json",
      "{}",
      "```",
    ].join("\n");
    expect(shellBlocks(markdown)).toEqual([
      {
        line: 2,
        skip: undefined,
        commands: ["npm run upload -- ./a.pdf    --title x", "curl -s localhost:8787/healthz   # trailing comment stays for bash"],
      },
      { line: 9, skip: "needs an account", commands: ["npx wrangler deploy"] },
    ]);
  });
});

describe("a wrong answer", () => {
  it("is jq printing null, nothing at all, a failed exit, a problem or an error status", () => {
    expect(wrongAnswer("null\n", 0)).toBe("printed null");
    expect(wrongAnswer("  \n", 0)).toBe("printed nothing");
    expect(wrongAnswer("usage", 2)).toBe("exit code 2");
    expect(wrongAnswer('{"type":"http://x/problems/unauthorized","status":401}', 0)).toBe("answered a problem");
    expect(wrongAnswer("HTTP/1.1 404 Not Found\ncontent-type: text/html", 0)).toBe("HTTP 404");
  });

  it("accepts real answers; an assignment is judged by the value it printed", () => {
    expect(wrongAnswer("820-00165 powers on\n", 0)).toBeUndefined();
    expect(wrongAnswer("HTTP/1.1 304 Not Modified\netag: x", 0)).toBeUndefined();
    expect(wrongAnswer("01JM9S346Q3D25VT4F5V37E3S3\n", 0)).toBeUndefined();
    expect(wrongAnswer("null\n", 0)).toBe("printed null");
  });
});
