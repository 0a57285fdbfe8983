// The one name rule (src/boardview/name-match.ts): exact first, folding only when unambiguous, signs kept.
import { describe, expect, it } from "vitest";
import { buildNameIndex, foldName, resolveAmong, resolveName } from "../../src/boardview/name-match";

describe("the boardview name rule", () => {
  it("answers the exact name before any folded one", () => {
    const index = buildNameIndex(["PP3V3_S5", "PP3V3-S5"]);
    expect(resolveName("PP3V3-S5", index)).toEqual({ kind: "exact", name: "PP3V3-S5" });
    expect(resolveName("PP3V3_S5", index)).toEqual({ kind: "exact", name: "PP3V3_S5" });
    expect(resolveName(" PP3V3_S5 ", index)).toEqual({ kind: "exact", name: "PP3V3_S5" });
  });

  it("folds case, spaces, underscores, dots and a hyphen joining two letters or digits when one name matches", () => {
    const index = buildNameIndex(["PPBUS_G3H", "C7010"]);
    for (const spelling of ["ppbus_g3h", "PPBUS G3H", "PPBUS-G3H", "ppbus.g3h", "PPBUSG3H", "\u200bPPBUS_G3H"])
      expect(resolveName(spelling, index)).toEqual({ kind: "folded", name: "PPBUS_G3H" });
    expect(resolveName("c7010", index)).toEqual({ kind: "folded", name: "C7010" });
    expect(foldName("Net-(U12-Vin+)")).toBe("NET-(U12VIN+)");
  });

  it("never folds a sign, a slash, a hash or a tilde away", () => {
    const index = buildNameIndex(["Net-(U12-Vin+)", "Net-(U12-Vin-)", "USB_D+", "USB_D-", "+5V", "-5V", "/D1", "D1", "RESET#", "~RESET", "CC1+"]);
    expect(resolveName("Net-(U12-Vin+)", index)).toEqual({ kind: "exact", name: "Net-(U12-Vin+)" });
    expect(resolveName("net-(u12-vin-)", index)).toEqual({ kind: "folded", name: "Net-(U12-Vin-)" });
    expect(resolveName("net-(u12 vin+)", index)).toEqual({ kind: "folded", name: "Net-(U12-Vin+)" });
    expect(resolveName("usb d-", index)).toEqual({ kind: "folded", name: "USB_D-" });
    expect(resolveName("usb_d+", index)).toEqual({ kind: "folded", name: "USB_D+" });
    expect(resolveName("-5v", index)).toEqual({ kind: "folded", name: "-5V" });
    expect(resolveName("+5v", index)).toEqual({ kind: "folded", name: "+5V" });
    expect(resolveName("5V", index)).toEqual({ kind: "none" });
    expect(resolveName("d1", index)).toEqual({ kind: "folded", name: "D1" });
    expect(resolveName("/d1", index)).toEqual({ kind: "folded", name: "/D1" });
    expect(resolveName("reset", index)).toEqual({ kind: "none" });
    expect(resolveName("reset#", index)).toEqual({ kind: "folded", name: "RESET#" });
    expect(resolveName("~reset", index)).toEqual({ kind: "folded", name: "~RESET" });
    expect(resolveName("CC1", index)).toEqual({ kind: "none" });
    expect(resolveName("USB_D", index)).toEqual({ kind: "none" });
  });

  it("lists the candidates when a folded spelling names several names", () => {
    const index = buildNameIndex(["PP3V3_S5", "PP3V3-S5", "pp3v3 s5", "GND"]);
    expect(resolveName("Pp3v3S5", index)).toEqual({ kind: "ambiguous", candidates: ["PP3V3_S5", "PP3V3-S5", "pp3v3 s5"] });
    expect(resolveAmong("gnd", ["GND", "GND"])).toEqual({ kind: "folded", name: "GND" });
  });

  it("names nothing for an empty, blank or unknown query", () => {
    const index = buildNameIndex(["GND", ""]);
    expect(resolveName("", index)).toEqual({ kind: "none" });
    expect(resolveName("   ", index)).toEqual({ kind: "none" });
    expect(resolveName("VCC", index)).toEqual({ kind: "none" });
  });

  it("keeps letters whose upper case is longer or ASCII as written", () => {
    expect(foldName("straße")).toBe("STRAßE");
    expect(foldName("ı")).toBe("ı");
    expect(foldName("é")).toBe("É");
    expect(foldName("ＧＮＤ")).toBe("GND");
  });
});
