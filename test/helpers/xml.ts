// A small, strict XML 1.0 well-formedness parser for tests (no package offers one inside workerd):
// one root, matched tags, quoted unique attributes, only the five predefined entities and character
// references, no stray `<` or `&`, no forbidden characters. Names keep their prefix ("xhtml:link").

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Text directly inside this element, entities decoded. */
  text: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9._:-]*/;
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes("<")) throw new Error(`'<' in text or attribute near ${where}`);
  return raw.replace(/&([^;\s&]*);?/g, (match, ref: string) => {
    if (!match.endsWith(";")) throw new Error(`bare '&' near ${where}`);
    if (ref in ENTITIES) return ENTITIES[ref];
    const num = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
    if (!num) throw new Error(`unknown entity &${ref}; near ${where}`);
    return String.fromCodePoint(parseInt(num[1] ?? num[2], num[1] ? 16 : 10));
  });
}

export function parseXml(source: string): XmlElement {
  if (FORBIDDEN_CHAR.test(source)) throw new Error("forbidden character in document");
  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${pos}: ${JSON.stringify(source.slice(pos, pos + 40))}`);
  };
  if (source.startsWith("<?xml")) {
    const end = source.indexOf("?>");
    if (end < 0) fail("unterminated XML declaration");
    pos = end + 2;
  }
  while (pos < source.length) {
    const lt = source.indexOf("<", pos);
    const textEnd = lt < 0 ? source.length : lt;
    const text = source.slice(pos, textEnd);
    if (text.length) {
      if (stack.length === 0) {
        if (text.trim()) fail("text outside the root element");
      } else stack[stack.length - 1].text += decode(text, pos);
    }
    pos = textEnd;
    if (lt < 0) break;
    if (source.startsWith("<!--", pos)) {
      const end = source.indexOf("-->", pos + 4);
      if (end < 0) fail("unterminated comment");
      pos = end + 3;
    } else if (source.startsWith("<![CDATA[", pos)) {
      const end = source.indexOf("]]>", pos);
      if (end < 0 || stack.length === 0) fail("bad CDATA section");
      stack[stack.length - 1].text += source.slice(pos + 9, end);
      pos = end + 3;
    } else if (source.startsWith("<?", pos)) {
      const end = source.indexOf("?>", pos);
      if (end < 0) fail("unterminated processing instruction");
      pos = end + 2;
    } else if (source.startsWith("<!", pos)) {
      fail("DOCTYPE or declaration not expected");
    } else if (source.startsWith("</", pos)) {
      const name = NAME.exec(source.slice(pos + 2))?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) fail(`closing tag </${name}> does not match <${open?.name}>`);
      pos += 2 + name!.length;
      while (/\s/.test(source[pos] ?? "")) pos++;
      if (source[pos] !== ">") fail("malformed closing tag");
      pos++;
    } else {
      const name = NAME.exec(source.slice(pos + 1))?.[0];
      if (!name) fail("bad element name");
      if (stack.length === 0 && root) fail("second root element");
      pos += 1 + name!.length;
      const element: XmlElement = { name: name!, attrs: {}, children: [], text: "" };
      for (;;) {
        const spaceBefore = /\s/.test(source[pos] ?? "");
        while (/\s/.test(source[pos] ?? "")) pos++;
        if (source.startsWith("/>", pos) || source[pos] === ">") break;
        if (!spaceBefore) fail("attributes must be separated by space");
        const attr = NAME.exec(source.slice(pos))?.[0];
        if (!attr) fail("bad attribute name");
        pos += attr!.length;
        while (/\s/.test(source[pos] ?? "")) pos++;
        if (source[pos] !== "=") fail("attribute without value");
        pos++;
        while (/\s/.test(source[pos] ?? "")) pos++;
        const quote = source[pos];
        if (quote !== '"' && quote !== "'") fail("unquoted attribute value");
        const end = source.indexOf(quote, pos + 1);
        if (end < 0) fail("unterminated attribute value");
        if (attr! in element.attrs) fail(`duplicate attribute ${attr}`);
        element.attrs[attr!] = decode(source.slice(pos + 1, end), pos);
        pos = end + 1;
      }
      if (stack.length) stack[stack.length - 1].children.push(element);
      else root = element;
      if (source.startsWith("/>", pos)) pos += 2;
      else {
        pos++;
        stack.push(element);
      }
    }
  }
  if (stack.length) throw new Error(`unclosed element <${stack[stack.length - 1].name}>`);
  if (!root) throw new Error("no root element");
  return root;
}

/** Direct children with this name. */
export function children(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name);
}

export function child(el: XmlElement, name: string): XmlElement | undefined {
  return children(el, name)[0];
}

/** RFC 3339 date-time, as Atom (§3.3) and the sitemap protocol's W3C Datetime require. */
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
