// A small board every boardview test writes in each format (scripts/lib/boardview-writer.ts).
import type { WrittenBoard } from "../../scripts/lib/boardview-writer";

export const SAMPLE_BOARD: WrittenBoard = {
  parts: [
    {
      name: "U7000",
      side: "bottom",
      mounting: "smd",
      x: 150,
      y: 220,
      pins: [
        { x: 140, y: 210, net: "PPBUS_G3H" },
        { x: 160, y: 210, net: "GND" },
        { x: 140, y: 230, net: "PP3V3_S5" },
        { x: 160, y: 230, net: "GND" },
      ],
    },
    {
      name: "C7010",
      side: "top",
      mounting: "smd",
      x: 305,
      y: 400,
      pins: [
        { x: 300, y: 400, net: "PPBUS_G3H" },
        { x: 310, y: 400, net: "GND" },
      ],
    },
    {
      name: "J6950",
      side: "top",
      mounting: "through_hole",
      x: 600,
      y: 100,
      pins: [
        { x: 590, y: 100, net: "PPBUS_G3H" },
        { x: 610, y: 100, net: "GND" },
      ],
    },
  ],
  testPoints: [{ probe: 7, x: 500, y: 500, side: "bottom", net: "PPBUS_G3H" }],
};
