// A small layout answer for the viewer's unit tests: pins whose x and y differ (so a swap shows), a bottom part
// off the board's centre (so a wrong mirror shows), names that differ by a sign or fold alike, a part not drawn.
import type { LayoutAnswer } from "../../viewer/layout";

type Part = { name: string; side: "top" | "bottom"; pins: [number, number, string, string][]; drawn?: false; value?: string };

const PARTS: Part[] = [
  {
    name: "U1",
    side: "top",
    value: "LM358",
    pins: [
      [100, 200, "1", "VCC"],
      [300, 200, "2", "GND"],
      [300, 600, "3", "/D1"],
    ],
  },
  {
    name: "D1",
    side: "bottom",
    pins: [
      [700, 100, "1", "USB_D+"],
      [900, 100, "2", "USB_D-"],
    ],
  },
  { name: "U11", side: "top", pins: [[500, 500, "1", "PP_A"]] },
  {
    name: "R2",
    side: "top",
    pins: [
      [550, 500, "", "PP.A"],
      [560, 700, "", "GND"],
    ],
  },
  { name: "REF**", side: "top", pins: [], drawn: false },
];

export function layout(parts: Part[] = PARTS): LayoutAnswer {
  const nets: string[] = [];
  const pins = { x: [] as number[], y: [] as number[], part: [] as number[], net: [] as number[], number: [] as string[] };
  parts.forEach((p, i) => {
    for (const [x, y, number, net] of p.pins) {
      if (!nets.includes(net)) nets.push(net);
      pins.x.push(x);
      pins.y.push(y);
      pins.part.push(i);
      pins.net.push(nets.indexOf(net));
      pins.number.push(number);
    }
  });
  return {
    document: "01TESTVIEWER00000000000000",
    visibility: "public",
    format: "test_link",
    unit: "mil",
    outline: [[0, 0, 1000, 0, 1000, 800, 0, 800, 0, 0]],
    parts: parts.map((p) => {
      const xs = p.pins.map((q) => q[0]);
      const ys = p.pins.map((q) => q[1]);
      const box = xs.length
        ? { x1: Math.min(...xs) - 10, y1: Math.min(...ys) - 10, x2: Math.max(...xs) + 10, y2: Math.max(...ys) + 10 }
        : { x1: -5000, y1: -5000, x2: -4990, y2: -4990 };
      return { name: p.name, side: p.side, mounting: "smd" as const, x: xs[0] ?? -5000, y: ys[0] ?? -5000, box, value: p.value, drawn: p.drawn };
    }),
    pins,
    nets,
    readings: [{ net: "VCC", kind: "diode", value: "0.45" }],
  };
}
