// Markdown → safe HTML, done once at import. Raw HTML is escaped (html: false); a link survives only
// with an http(s) or mailto address, any other link keeps its text and loses its address; images are
// dropped to links so no third-party fetches happen.
import MarkdownIt from "markdown-it";

const SAFE_LINK = /^(https?:|mailto:)/i;

type Token = ReturnType<InstanceType<typeof MarkdownIt>["parse"]>[number];

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
// Every link is parsed (so its text can be kept); the unsafe ones are unwrapped below.
md.validateLink = () => true;
md.disable(["image"]);

/** Removes link_open/link_close pairs whose href is not http(s)/mailto, keeping the link text. */
function unwrapUnsafeLinks(children: Token[]): Token[] {
  const kept: Token[] = [];
  const unwrapping: boolean[] = [];
  for (const token of children) {
    if (token.type === "link_open") {
      const unsafe = !SAFE_LINK.test(String(token.attrGet("href") ?? "").trim());
      unwrapping.push(unsafe);
      if (unsafe) continue;
    } else if (token.type === "link_close") {
      if (unwrapping.pop()) continue;
    }
    kept.push(token);
  }
  return kept;
}

md.core.ruler.push("unwrap_unsafe_links", (state) => {
  for (const block of state.tokens) {
    if (block.type === "inline" && block.children) block.children = unwrapUnsafeLinks(block.children);
  }
});

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet("rel", "nofollow ugc noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/**
 * Defence in depth for whoever copies this HTML elsewhere: the text "javascript:", "data:text/…" or
 * "onerror=" (escaped, shown as text) is written with a character reference (`&#58;`, `&#61;`),
 * which reads the same in a browser but can never be taken for an address or an attribute.
 */
function neutraliseDangerousText(html: string): string {
  return html
    .replace(/\b(javascript|vbscript)(\s*):/gi, "$1$2&#58;")
    .replace(/\bdata(\s*):(?=\s*[a-z]+\/|\s*,)/gi, "data$1&#58;")
    .replace(/\b(on[a-z]+)(\s*)=/gi, "$1$2&#61;");
}

export function renderMarkdown(source: string): string {
  return neutraliseDangerousText(md.render(source));
}

/** Words / 200, at least 1 (FORMAT.md). */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
