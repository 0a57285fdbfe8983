// The point and value spellings of board knowledge (src/content/board-values.ts), as pure functions.
import { describe, expect, it } from "vitest";
import { normalizeOptionalValue, normalizePoint, normalizeValue, pointWords } from "../../src/content/board-values";

describe("normalizePoint", () => {
  it.each(["PPBUS_G3H", "ppbus_g3h", "PPBUS-G3H", "ppbus g3h", "PPBUS.G3H", " PPBUS_G3H ", "+PPBUS_G3H"])("%s is PPBUSG3H", (spelling) => {
    expect(normalizePoint(spelling)).toBe("PPBUSG3H");
  });
  it("keeps what tells points apart", () => {
    expect(normalizePoint("+3V3_S5")).toBe("3V3S5");
    expect(normalizePoint("C7020")).not.toBe(normalizePoint("C702"));
    expect(normalizePoint("PP3V3/S5")).toBe("PP3V3/S5");
    expect(normalizePoint("\u0000")).toBe("");
    expect(normalizePoint("PP\u0000BUS")).toBe("PPBUS");
  });
  it("splits a point into the words text search matches", () => {
    expect(pointWords("PPBUS_G3H")).toEqual(["ppbus", "g3h"]);
    expect(pointWords("+3V3 S5")).toEqual(["3v3", "s5"]);
  });
});

describe("normalizeValue", () => {
  it.each(["12.6 V", "12.60V", "12,6 V", "12.6V", "12.6 v", " 12.6  V ", "012.6 volts"])("%s is 12.6 V", (spelling) => {
    expect(normalizeValue(spelling)).toBe("12.6 V");
  });
  it.each([
    ["350mV", "350 mV"],
    ["350 MV", "350 mV"],
    ["1.5 A", "1.5 A"],
    ["1,50a", "1.5 A"],
    ["40 mA", "40 mA"],
    ["2.2 ohm", "2.2 Ω"],
    ["2.2 Ohms", "2.2 Ω"],
    ["2,2Ω", "2.2 Ω"],
    ["2.2 \u2126", "2.2 Ω"],
    ["4.7k", "4.7 kΩ"],
    ["4.7 K", "4.7 kΩ"],
    ["10 kohm", "10 kΩ"],
    ["10kOhms", "10 kΩ"],
    ["10 kΩ", "10 kΩ"],
    ["0 V", "0 V"],
    ["0.0V", "0 V"],
    ["-0.5 V", "-0.5 V"],
    [".5V", "0.5 V"],
  ])("%s is %s", (spelling, value) => {
    expect(normalizeValue(spelling)).toBe(value);
  });
  it("keeps diode-mode readings without a unit as read, and unreadable values as written", () => {
    expect(normalizeValue("0.452")).toBe("0.452");
    expect(normalizeValue("0,450")).toBe("0,450");
    expect(normalizeValue(" OL ")).toBe("OL");
    expect(normalizeValue("short to ground")).toBe("short to ground");
    expect(normalizeValue("~0.4 V")).toBe("~0.4 V");
    expect(normalizeValue("12.6 parsecs")).toBe("12.6 parsecs");
    expect(normalizeValue("1.2.3 V")).toBe("1.2.3 V");
  });
  it("keeps a missing expected value missing", () => {
    expect(normalizeOptionalValue(null)).toBeNull();
    expect(normalizeOptionalValue("  ")).toBeNull();
    expect(normalizeOptionalValue("5V")).toBe("5 V");
  });
});
