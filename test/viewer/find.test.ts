// viewer/find.ts: what a technician's entry selects: exact names first, pin entries, one folded spelling, else the
// matches listed or the name said missing (the rule itself: src/boardview/name-match.ts).
import { describe, expect, it } from "vitest";
import { completions, ENTRY_MAX, find, findLink, namesOf, parsePinEntry } from "../../viewer/find";
import { boardOf } from "../../viewer/layout";
import { layout } from "./layouts";

const answer = layout();
const board = boardOf(answer);
const names = namesOf(board);
const net = (name: string) => ({ kind: "net", net: answer.nets.indexOf(name) });

describe("parsing a pin entry", () => {
  it("reads U1.1, U1-1, U1 1, U1:1, U1#1 and U1 pin 1 as pin 1 of U1", () => {
    for (const entry of ["U1.1", "U1-1", "U1 1", "U1:1", "U1#1", "U1 pin 1", " u1 PIN 1 ", "U1 . 1"]) {
      expect(parsePinEntry(entry), entry).toEqual({ part: entry.trim().slice(0, 2), pin: "1" });
    }
    expect(parsePinEntry("BGA1.A3")).toEqual({ part: "BGA1", pin: "A3" });
    expect(parsePinEntry("U11")).toBeNull();
    expect(parsePinEntry("Net-(U12-Vin+)")).toBeNull();
  });
});

describe("finding", () => {
  it("a pin entry selects the pin, not the part whose folded name it spells (U11)", () => {
    for (const entry of ["U1.1", "U1-1", "U1 1", "U1:1", "U1 pin 1", "u1.1"])
      expect(find(board, names, entry), entry).toEqual({ kind: "pin", pin: 0 });
    expect(find(board, names, "U1.3")).toEqual({ kind: "pin", pin: 2 });
    // Pins without a number answer by their place in the part, as the panel numbers them.
    expect(find(board, names, "R2.2")).toEqual({ kind: "pin", pin: 7 });
    expect(find(board, names, "U11")).toEqual({ kind: "part", part: 2 });
  });

  it("an exact net name before a folded part name; signs never folded", () => {
    expect(find(board, names, "/D1")).toEqual(net("/D1"));
    expect(find(board, names, "d1")).toEqual({ kind: "part", part: 1 });
    expect(find(board, names, "USB_D+")).toEqual(net("USB_D+"));
    expect(find(board, names, "usb d-")).toEqual(net("USB_D-"));
  });

  it("lists the matches of an ambiguous entry and names a missing one", () => {
    expect(find(board, names, "ppa")).toEqual({
      kind: "ambiguous",
      name: "ppa",
      candidates: [
        { kind: "net", name: "PP_A" },
        { kind: "net", name: "PP.A" },
      ],
    });
    expect(find(board, names, "PP_A")).toEqual(net("PP_A"));
    expect(find(board, names, "U1.9")).toEqual({ kind: "missing", what: "pin", name: "9", part: "U1" });
    expect(find(board, names, "Q99")).toEqual({ kind: "missing", what: "name", name: "Q99" });
    // A pasted megabyte is read only as far as a name can go (ENTRY_MAX characters), at once.
    expect(find(board, names, `U1${" ".repeat(ENTRY_MAX)}+`)).toEqual({ kind: "part", part: 0 });
    const started = performance.now();
    expect(find(board, names, `+${" ".repeat(500_000)}U1`).kind).toBe("missing");
    expect(completions(board, names, `x${" ".repeat(500_000)}U1`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("a deep link to a name the board does not hold says which", () => {
    expect(findLink(board, names, { part: "U1", pin: "2" })).toEqual({ kind: "pin", pin: 1 });
    expect(findLink(board, names, { part: "U9" })).toEqual({ kind: "missing", what: "part", name: "U9" });
    expect(findLink(board, names, { net: "USB_D" })).toEqual({ kind: "missing", what: "net", name: "USB_D" });
    expect(findLink(board, names, { part: "U1", pin: "7" })).toEqual({ kind: "missing", what: "pin", name: "7", part: "U1" });
    // ?part= never answers a net of that name, and ?net= never a part.
    expect(findLink(board, names, { part: "/D1" })).toEqual({ kind: "missing", what: "part", name: "/D1" });
    expect(findLink(board, names, { net: "U1" })).toEqual({ kind: "missing", what: "net", name: "U1" });
  });

  it("completions keep signs apart and offer a part's pins after a separator", () => {
    expect(completions(board, names, "usb_d+")).toEqual(["USB_D+"]);
    expect(completions(board, names, "usb_d")).toEqual(["USB_D+", "USB_D-"]);
    expect(completions(board, names, "U1.")).toEqual(["U1.1", "U1.2", "U1.3"]);
    expect(completions(board, names, "u1")).toEqual(["U1", "U11"]);
    // A hyphen typed before the rest of a name (pp-) still offers it; USB_D- is offered by its sign only.
    expect(completions(board, names, "pp")).toEqual(["PP_A", "PP.A"]);
    expect(completions(board, names, "usb_d-")).toEqual(["USB_D-"]);
  });
});
