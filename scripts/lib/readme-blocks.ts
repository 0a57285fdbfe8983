// The README check's reading of the README (scripts/readme-examples.ts): its shell blocks, and what a wrong answer is.

export interface Block {
  line: number;
  skip?: string;
  commands: string[];
}

/** The ```sh blocks of a markdown text (`line`: the fence), as logical command lines (continuations joined, comments dropped). */
export function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```sh") continue;
    const skip = /<!--\s*examples:\s*skip:\s*(.*?)\s*-->/.exec(lines[i - 1] ?? "")?.[1];
    const commands: string[] = [];
    let pending = "";
    const start = i + 1;
    for (i++; i < lines.length && lines[i].trim() !== "```"; i++) {
      const text = pending + lines[i];
      if (text.endsWith("\\")) {
        pending = text.slice(0, -1) + " ";
        continue;
      }
      pending = "";
      if (text.trim() && !text.trim().startsWith("#")) commands.push(text.trim());
    }
    blocks.push({ line: start, skip, commands });
  }
  return blocks;
}

/**
 * Why an answer is wrong, or undefined when it is a real answer. An assignment (`DOC=$(…)`) is judged by the
 * value it assigned, which the check prints after it.
 */
export function wrongAnswer(output: string, exitCode: number): string | undefined {
  const text = output.trim();
  if (exitCode !== 0) return `exit code ${exitCode}`;
  if (text === "") return "printed nothing";
  if (/^null$/m.test(text)) return "printed null";
  const status = /^HTTP\/[\d.]+ (\d{3})/m.exec(text)?.[1];
  if (status && Number(status) >= 400) return `HTTP ${status}`;
  if (/"status":\s*[45]\d\d/.test(text) && /\/problems\//.test(text)) return "answered a problem";
  return undefined;
}
