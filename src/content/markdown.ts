// Markdown → safe HTML, done once at import. Raw HTML is escaped (html: false) and only
// http(s) and mailto links survive; images are dropped to text so no third-party fetches happen.
import MarkdownIt from "markdown-it";

const SAFE_LINK = /^(https?:|mailto:)/i;

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());
md.disable(["image"]);

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet("rel", "nofollow ugc noopener");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** Words / 200, at least 1 (FORMAT.md). */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
