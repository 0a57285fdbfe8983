// src/site/pages/boardview-panel.ts: the one selection panel the page and the viewer's script both write.
import { describe, expect, it } from "vitest";
import { diodeBand, legendHtml, panelHtml, pinIndex, pointsHtml } from "../../src/site/pages/boardview-panel";
import { VIEWER_WORDS } from "../../src/site/boardview-words";

const links = { part: (n: string) => `/p?part=${encodeURIComponent(n)}`, net: (n: string) => `/p?net=${encodeURIComponent(n)}` };
const part = { name: "U1", side: "bottom" as const, value: "10uF", pins: [{ number: "1", name: "VIN", net: "PP5V" }, { net: "" }] };

describe("the selection panel", () => {
  it("a part's value, side and pin count, each pin's number, name and net; in Spanish on /es", () => {
    const en = panelHtml({ kind: "part", part }, VIEWER_WORDS.en, "en", links);
    expect(en).toContain("Value: 10uF · Side: Bottom · 2 pins");
    expect(en).toContain('<td>1</td><td>VIN</td><td><a href="/p?net=PP5V" data-net="PP5V">PP5V</a></td>');
    expect(en).toContain("<td>2</td><td></td><td>no net</td>");
    const es = panelHtml({ kind: "part", part }, VIEWER_WORDS.es, "es", links);
    expect(es).toContain("Valor: 10uF · Cara: Inferior · 2 pines");
  });

  it("a pin: its number, name and net, then the net's parts and values", () => {
    const html = panelHtml(
      { kind: "pin", part, pin: 0, net: { name: "PP5V", pins: 3, parts: ["U1", "C2"] } },
      VIEWER_WORDS.en,
      "en",
      links,
      "VALUES",
    );
    expect(html).toMatch(/<h3>Pin 1 of U1<\/h3><p class="meta" data-pin="">Name: VIN · Net: PP5V<\/p><h3>Net PP5V<\/h3>/);
    expect(html).toContain('data-part="C2"');
    expect(html).toContain('<div data-point="">VALUES</div>');
  });

  it("says a missing name, naming it, and lists an ambiguous entry's matches; names from files are escaped", () => {
    expect(panelHtml({ kind: "missing", what: "part", name: "<U9>" }, VIEWER_WORDS.en, "en", links)).toContain(
      "The board holds no part named &lt;U9&gt;.",
    );
    expect(panelHtml({ kind: "missing", what: "pin", name: "9", part: "U1" }, VIEWER_WORDS.es, "es", links)).toContain("U1 no tiene el pin 9.");
    const html = panelHtml(
      {
        kind: "ambiguous",
        name: "ppa",
        candidates: [
          { kind: "net", name: "PP_A" },
          { kind: "net", name: 'PP"A' },
        ],
      },
      VIEWER_WORDS.en,
      "en",
      links,
    );
    expect(html).toContain('data-net="PP_A"');
    expect(html).toContain('data-net="PP&quot;A"');
  });

  it("point answers in the reader's words: one report, kinds translated", () => {
    const answer = {
      expected: [{ value: "3.4 V", count: 1 }],
      measured: [{ value: "0 V", count: 2 }],
      reference: [{ kind: "diode", value: "0.3", note: null, source: { title: "OBD", url: "/d" } }],
    };
    const es = pointsHtml([answer], ["820-00165"], { kind: "net", name: "PP5V" }, VIEWER_WORDS.es, "es");
    expect(es).toContain("(1 informe)");
    expect(es).toContain("(2 informes)");
    expect(es).toContain("<strong>0.3</strong> diodo");
    expect(es).not.toMatch(/reports|diode|voltage/);
    expect(pointsHtml([answer], ["820-00165"], { kind: "net", name: "PP5V" }, VIEWER_WORDS.en, "en")).toContain("(1 report)");
  });

  it("says nothing is reported about a part as a part, and about a net as a net, in both languages", () => {
    const nothing = (kind: "part" | "net", lang: "en" | "es") => pointsHtml([{}], ["820-00165"], { kind, name: "U7000" }, VIEWER_WORDS[lang], lang);
    expect(nothing("part", "en")).toContain("Nothing reported about this part on 820-00165 yet.");
    expect(nothing("part", "es")).toContain("Aún no hay nada informado sobre este componente en 820-00165.");
    expect(nothing("net", "en")).toContain("about this net");
    expect(nothing("net", "es")).toContain("sobre esta red");
    expect(nothing("part", "en") + nothing("part", "es")).not.toMatch(/this net|esta red/);
  });

  it("reads pins as the panel numbers them, and diode readings into bands with a legend", () => {
    expect(pinIndex(part.pins, "2")).toBe(1);
    expect(pinIndex([{ number: "a3", net: "" }], "A3")).toBe(0);
    expect(pinIndex(part.pins, "3")).toBe(-1);
    expect(["0.01", "120 mV", "0,45", "OL", "1.2", "3.3 V", "abc"].map(diodeBand)).toEqual([0, 1, 2, 3, 3, 3, -1]);
    expect(legendHtml("PP5V", "0.45", VIEWER_WORDS.en)).toMatch(
      /<li aria-current="true"><svg [^>]+><rect [^>]*fill="#1a7f37"\/><\/svg> <strong>usual, 0.3–0.8 V<\/strong>/,
    );
  });
});
