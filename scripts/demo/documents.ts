// The demo library: every document type, visibility and status, with real small files.
import { BOARDS, type DemoBoard, type DemoUsername } from "./catalog";
import { bdvFile, genCadFile, syntheticBoard, testLinkFile, type WrittenBoard } from "../lib/boardview-writer";
import { biosDump, exeFile, mp4Stub, pdfFile, pngFile, stlFile, wavFile, zipFile } from "./files";
import { DAY, iso, type Random } from "./prng";
import { DATASHEET_PARTS, PARTS, RAILS } from "./vocabulary";

export interface DemoVersion {
  version: number;
  filename: string;
  changelog?: string | null;
  created_at: string;
  content_base64?: string;
  content_text?: string;
}

export interface DemoDocument {
  id: string;
  title: string;
  type: string;
  status: string;
  visibility: string;
  owner: DemoUsername | null;
  shared_with?: DemoUsername[];
  manufacturer: string | null;
  boards: string[];
  description: string | null;
  chipset?: string | null;
  board_revision?: string | null;
  language: string | null;
  source_note?: string | null;
  tags: string[];
  downloads: number;
  executable?: boolean;
  created_at: string;
  pages?: string[];
  versions: DemoVersion[];
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const CHIPSETS: Record<DemoBoard["family"], string[]> = {
  apple: ["Apple T2", "Intel PCH-LP", "Apple SMC"],
  "intel-laptop": ["Intel HM175", "Intel Sunrise Point-LP", "Intel Cannon Point-LP"],
  "amd-laptop": ["AMD FCH", "AMD Renoir"],
};

/** Visibility, owner and status overrides spread over the library so every value occurs. */
const SPECIALS: Partial<DemoDocument>[] = [
  { visibility: "private", owner: "ana" },
  { visibility: "shared", owner: "ana", shared_with: ["sam"] },
  { visibility: "private", owner: "diego", status: "processing" },
  { visibility: "public", status: "processing" },
  { visibility: "shared", owner: "diego", shared_with: ["ana", "sam"], status: "rejected" },
  { visibility: "public", status: "rejected" },
  { visibility: "private", owner: "sam", status: "removed" },
  { visibility: "public", status: "takedown" },
  { visibility: "shared", owner: "nina", shared_with: ["ana"] },
  { visibility: "public", status: "removed" },
  { visibility: "private", owner: "marta" },
  { visibility: "private", owner: "ana", status: "takedown" },
  { visibility: "shared", owner: "ana", shared_with: ["sam", "nina"], status: "processing" },
  { visibility: "shared", owner: "diego", shared_with: ["sam"] },
  { visibility: "private", owner: "nina", status: "rejected" },
];

export async function buildDocuments(random: Random, start: number, end: number): Promise<DemoDocument[]> {
  const docs: DemoDocument[] = [];
  const uploaders: DemoUsername[] = ["nina", "tomas", "diego", "lucas", "marta"];
  const base = (type: string, title: string, extra: Partial<DemoDocument> = {}): DemoDocument => {
    const created = random.between(start, end - 10 * DAY);
    return {
      id: random.ulid(created),
      title,
      type,
      status: "available",
      visibility: "public",
      owner: random.chance(0.1) ? null : random.pick(uploaders),
      manufacturer: null,
      boards: [],
      description: null,
      language: random.chance(0.5) ? "en" : "es",
      tags: [],
      downloads: random.int(0, 900),
      created_at: iso(created),
      versions: [],
      ...extra,
    };
  };
  const version = (
    doc: DemoDocument,
    n: number,
    filename: string,
    content: { bytes?: Uint8Array; text?: string },
    changelog: string | null = null,
  ): DemoVersion => ({
    version: n,
    filename,
    changelog,
    created_at: iso(Date.parse(doc.created_at) + (n - 1) * random.int(5, 60) * DAY),
    ...(content.bytes ? { content_base64: b64(content.bytes) } : { content_text: content.text ?? "" }),
  });

  // Schematics (PDF, several with a corrected second revision).
  for (const board of [BOARDS[0], ...random.sample(BOARDS.slice(1), 25)]) {
    const rails = RAILS[board.family];
    const parts = PARTS[board.family];
    const doc = base("schematic", `${board.number} schematic (${board.platform})`, {
      manufacturer: board.manufacturer,
      boards: [board.number],
      description: `Full schematic of the ${board.number} logic board: power sequencing, charger, CPU and memory rails.`,
      chipset: random.pick(CHIPSETS[board.family]),
      board_revision: random.pick(["REV 1.0", "REV 2.0", "A", "B", "MP"]),
      tags: ["schematic", board.manufacturer.toLowerCase(), ...(board.codename ? [board.codename] : [])],
      source_note: random.chance(0.5) ? "Scanned from the service CD" : null,
    });
    const revisions = random.chance(0.3) ? 2 : 1;
    let pdf!: { bytes: Uint8Array; pages: string[] };
    for (let n = 1; n <= revisions; n++) {
      pdf = await pdfFile(`${board.number} schematic rev ${n}.0`, [
        `Board ${board.number} - ${board.platform}. Power rails: ${rails.map((r) => `${r.name} ${r.volts}`).join(", ")}.`,
        `Power parts: ${parts.map((p) => `${p.designator} ${p.partNumber} (${p.role.en})`).join("; ")}.`,
        `Sequencing: adapter or battery -> ${rails[0].name} -> ${rails[1].name} -> ${rails[2].name}. ${n > 1 ? "Revision 2 corrects net names on page 2." : ""}`,
      ]);
      doc.versions.push(version(doc, n, `${board.number}_schematic_r${n}.pdf`, { bytes: pdf.bytes }, n > 1 ? "corrected net names on page 2" : null));
    }
    doc.pages = pdf.pages;
    docs.push(doc);
  }

  // Boardviews in every format the service reads (scripts/lib/boardview-writer.ts): the family's power parts on
  // its rails, around a generated board of passives and ICs, so part and net questions have answers.
  const writers = [
    (b: WrittenBoard) => ({ ext: "brd", bytes: testLinkFile(b) }),
    (b: WrittenBoard) => ({ ext: "brd", bytes: testLinkFile(b, { encoded: true }) }),
    (b: WrittenBoard) => ({ ext: "brd", bytes: testLinkFile(b, { netsFromNails: true }) }),
    (b: WrittenBoard) => ({ ext: "bdv", bytes: bdvFile(b) }),
    (b: WrittenBoard) => ({ ext: "cad", bytes: genCadFile(b) }),
  ];
  for (const [i, board] of random.sample(BOARDS, 14).entries()) {
    const rails = RAILS[board.family];
    const view = (seed: number): WrittenBoard => {
      const generated = syntheticBoard(seed, 400);
      const power = PARTS[board.family].map((p, k) => {
        const x = random.int(500, 9000);
        const y = random.int(500, 6000);
        const nets = [rails[k % rails.length].name, "GND", rails[(k + 1) % rails.length].name, "GND"];
        return {
          name: p.designator,
          side: k % 2 ? ("bottom" as const) : ("top" as const),
          mounting: "smd" as const,
          x,
          y,
          pins: nets.map((net, n) => ({ x: x + n * 20, y, net })),
        };
      });
      return { parts: [...power, ...generated.parts.filter((g) => !power.some((p) => p.name === g.name))], testPoints: generated.testPoints };
    };
    const write = writers[i % writers.length];
    const doc = base("boardview", `${board.number} boardview`, {
      manufacturer: board.manufacturer,
      boards: [board.number],
      description: "Boardview with part placement and nets.",
      tags: ["boardview"],
    });
    const first = write(view(i + 1));
    doc.versions.push(version(doc, 1, `${board.number}.${first.ext}`, { bytes: first.bytes }));
    if (random.chance(0.3)) {
      const second = write(view(i + 101));
      doc.versions.push(version(doc, 2, `${board.number}_v2.${second.ext}`, { bytes: second.bytes }, "added missing test points"));
    }
    docs.push(doc);
  }

  // BIOS / EFI dumps.
  for (const board of random.sample(BOARDS, 10)) {
    const spi = PARTS[board.family].find((p) => /BIOS|EFI/.test(p.role.en));
    const doc = base("bios", `${board.number} ${board.manufacturer === "Apple" ? "EFI" : "BIOS"} dump (clean, ME cleared)`, {
      manufacturer: board.manufacturer,
      boards: [board.number],
      chipset: spi?.partNumber ?? null,
      description: `Clean dump for ${spi?.designator ?? "the SPI flash"}; keep your serial region.`,
      tags: ["bios", "dump", "spi"],
      language: null,
    });
    doc.versions.push(version(doc, 1, `${board.number}_bios.bin`, { bytes: biosDump(random, 8192, `${board.number} v1`) }));
    if (random.chance(0.4))
      doc.versions.push(
        version(doc, 2, `${board.number}_bios_v2.bin`, { bytes: biosDump(random, 8192, `${board.number} v2`) }, "newer firmware, ME region cleaned"),
      );
    docs.push(doc);
  }

  // Datasheets (PDF, not tied to a board).
  for (const part of DATASHEET_PARTS) {
    const pdf = await pdfFile(`${part} datasheet`, [
      `${part}: pin description, absolute maximum ratings and typical application circuit.`,
      `${part} electrical characteristics: input range, output accuracy, switching frequency, thermal shutdown.`,
    ]);
    const doc = base("datasheet", `${part} datasheet`, {
      description: `Manufacturer datasheet of the ${part}.`,
      tags: ["datasheet", part],
      language: "en",
      owner: null,
      pages: pdf.pages,
    });
    doc.versions.push(version(doc, 1, `${part}.pdf`, { bytes: pdf.bytes }));
    docs.push(doc);
  }

  // Service manuals and repair guides (PDF).
  for (const board of random.sample(BOARDS, 6)) {
    const es = random.chance(0.5);
    const title = es ? `Manual de servicio ${board.platform}` : `${board.platform} service manual`;
    const pdf = await pdfFile(
      title,
      es
        ? [
            `Desmontaje de ${board.platform}: tornillos, cables flex y disipador.`,
            `Placa ${board.number}: sustitución y calibración.`,
            "Lista de piezas de recambio y pares de apriete.",
          ]
        : [
            `${board.platform} disassembly: screws, flex cables and heatsink.`,
            `Board ${board.number}: replacement and calibration.`,
            "Spare parts list and torque values.",
          ],
    );
    const doc = base("service_manual", title, {
      manufacturer: board.manufacturer,
      boards: [board.number],
      language: es ? "es" : "en",
      tags: ["service manual"],
      pages: pdf.pages,
    });
    doc.versions.push(version(doc, 1, `${board.number}_service_manual.pdf`, { bytes: pdf.bytes }));
    docs.push(doc);
  }
  const guides = [
    ["Guía de diagnóstico de MacBook sin encendido", "es", "820-00165"],
    ["No power diagnosis flowchart for ThinkPads", "en", "NM-A311"],
    ["Limpieza de placas con daño por líquido", "es", null],
    ["Reflashing SPI BIOS chips in circuit", "en", null],
    ["Notas de reparación: cortos en PPBUS_G3H", "es", "820-01521"],
    ["Dell Latitude charging circuit explained", "en", "LA-E891P"],
  ] as const;
  for (const [title, lang, board] of guides) {
    const pdf = await pdfFile(title, [
      `${title}.`,
      lang === "es"
        ? "Paso 1: mide la resistencia a masa. Paso 2: inyecta tensión. Paso 3: busca el calor."
        : "Step 1: measure resistance to ground. Step 2: inject voltage. Step 3: find the heat.",
    ]);
    const doc = base("document", title, {
      language: lang,
      boards: board ? [board] : [],
      manufacturer: board ? BOARDS.find((b) => b.number === board)!.manufacturer : null,
      tags: ["guide"],
      pages: pdf.pages,
    });
    doc.versions.push(version(doc, 1, `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`, { bytes: pdf.bytes }));
    docs.push(doc);
  }

  // Other kinds of files, a few of each.
  const small: [string, string, () => { bytes?: Uint8Array; text?: string }, string, Partial<DemoDocument>][] = [
    ["software", "ThinkPad EC flasher", () => ({ bytes: exeFile("ec-flasher") }), "ec-flasher.exe", { executable: true, tags: ["tool", "ec"] }],
    ["software", "SMC fan control utility", () => ({ bytes: exeFile("smc-fan") }), "smc-fan.exe", { executable: true, tags: ["tool", "macbook"] }],
    ["software", "Dell BIOS password tool", () => ({ bytes: exeFile("dell-pw") }), "dell-pw-tool.exe", { executable: true, tags: ["tool", "dell"] }],
    [
      "image",
      "Thermal camera: shorted cap on PPBUS_G3H",
      () => ({ bytes: pngFile(32, 24, [220, 60, 30]) }),
      "thermal-ppbus.png",
      { boards: ["820-01521"], tags: ["photo", "thermal"] },
    ],
    [
      "image",
      "Corrosion under UC300 after coffee spill",
      () => ({ bytes: pngFile(32, 24, [40, 160, 60]) }),
      "corrosion-uc300.png",
      { boards: ["820-00840"], tags: ["photo", "liquid"] },
    ],
    [
      "image",
      "NM-A311 board top side",
      () => ({ bytes: pngFile(48, 32, [20, 90, 200]) }),
      "nm-a311-top.png",
      { boards: ["NM-A311"], tags: ["photo"] },
    ],
    [
      "image",
      "Microscope photo: lifted pad at U2201",
      () => ({ bytes: pngFile(24, 24, [200, 200, 40]) }),
      "lifted-pad-u2201.png",
      { tags: ["photo"] },
    ],
    ["video", "Injecting voltage on a shorted rail (demo)", () => ({ bytes: mp4Stub("injection") }), "injection.mp4", { tags: ["video"] }],
    ["video", "Replacing a QFN charger IC", () => ({ bytes: mp4Stub("qfn") }), "qfn-replacement.mp4", { tags: ["video", "microsoldering"] }],
    ["video", "Ultrasonic cleaning of a logic board", () => ({ bytes: mp4Stub("ultrasonic") }), "ultrasonic.mp4", { tags: ["video", "liquid"] }],
    ["audio", "Coil whine on a shorted vcore phase", () => ({ bytes: wavFile(0.5, 440) }), "coil-whine.wav", { tags: ["audio"] }],
    ["audio", "Charger clicking at 5 V", () => ({ bytes: wavFile(0.4, 220) }), "charger-click.wav", { tags: ["audio"] }],
    ["audio", "Fan bearing noise sample", () => ({ bytes: wavFile(0.3, 880) }), "fan-noise.wav", { tags: ["audio"] }],
    [
      "archive",
      "CH341A programmer notes and pinouts",
      () => ({
        bytes: zipFile([
          { name: "README.txt", text: "CH341A: use 1.8 V adapter for 1.8 V flash chips.\n" },
          { name: "pinout.txt", text: "1 CS\n2 DO\n3 WP\n4 GND\n5 DI\n6 CLK\n7 HOLD\n8 VCC\n" },
        ]),
      }),
      "ch341a-notes.zip",
      { tags: ["bios", "programmer"] },
    ],
    [
      "archive",
      "Measurement sheets (diode mode) for Apple boards",
      () => ({ bytes: zipFile([{ name: "820-00165.csv", text: "net,diode\nPP3V42_G3H,0.420\nPPBUS_G3H,0.380\n" }]) }),
      "diode-mode-apple.zip",
      { boards: ["820-00165"], tags: ["measurements"] },
    ],
    [
      "archive",
      "EC firmware collection (KB9012)",
      () => ({ bytes: zipFile([{ name: "list.txt", text: "KB9012QF firmware list\n" }]) }),
      "kb9012-fw.zip",
      { tags: ["ec", "firmware"] },
    ],
    [
      "code",
      "Python script: compare two BIOS dumps",
      () => ({ text: "import hashlib, sys\n\nfor path in sys.argv[1:]:\n    print(path, hashlib.sha256(open(path, 'rb').read()).hexdigest())\n" }),
      "compare_dumps.py",
      { tags: ["script", "bios"] },
    ],
    [
      "code",
      "Arduino sketch: PWM fan tester",
      () => ({ text: "void setup() { pinMode(9, OUTPUT); }\nvoid loop() { analogWrite(9, 128); }\n" }),
      "fan_tester.ino",
      { tags: ["arduino"] },
    ],
    [
      "code",
      "C helper: SPI flash ID reader",
      () => ({ text: '#include <stdio.h>\nint main(void) { puts("JEDEC ID reader"); return 0; }\n' }),
      "spi_id.c",
      { tags: ["spi"] },
    ],
    [
      "model_3d",
      "Board holder for MacBook logic boards",
      () => ({ text: stlFile("mac_holder", 120, 80, 10) }),
      "mac-board-holder.stl",
      { tags: ["3d print"] },
    ],
    [
      "model_3d",
      "Probe stand for oscilloscope tips",
      () => ({ text: stlFile("probe_stand", 40, 40, 60) }),
      "probe-stand.stl",
      { tags: ["3d print"] },
    ],
    ["model_3d", "Battery connector spacer", () => ({ text: stlFile("spacer", 20, 6, 3) }), "battery-spacer.stl", { tags: ["3d print"] }],
    [
      "other",
      "Common rail voltages cheat sheet",
      () => ({ text: "PP3V42_G3H 3.42V\nPPBUS_G3H 12.6V\n+3VALW 3.3V\n+5VALW 5V\n" }),
      "rails-cheatsheet.txt",
      { tags: ["reference"] },
    ],
    [
      "other",
      "Diode mode readings NM-A311",
      () => ({ text: "net,diode\n+3VALW,0.412\n+5VALW,0.398\n+VCC_CORE,0.005\n" }),
      "nm-a311-diode.csv",
      { boards: ["NM-A311"], tags: ["measurements"] },
    ],
    [
      "other",
      "Shop intake checklist",
      () => ({ text: "1. Photos\n2. Serial\n3. Symptoms\n4. Liquid indicators\n" }),
      "intake-checklist.txt",
      { tags: ["shop"] },
    ],
  ];
  for (const [type, title, content, filename, extra] of small) {
    const doc = base(type, title, {
      ...extra,
      language: "en",
      manufacturer: extra.boards?.length ? BOARDS.find((b) => b.number === extra.boards![0])!.manufacturer : null,
    });
    doc.versions.push(version(doc, 1, filename, content()));
    docs.push(doc);
  }

  // Spread the special visibilities and statuses: every 4th document of the library, starting at
  // the third, so each type keeps public documents and the specials touch many types.
  let next = 0;
  docs.forEach((doc, i) => {
    if (i % 4 !== 2 || next >= SPECIALS.length * 2) return;
    const special = SPECIALS[next++ % SPECIALS.length];
    Object.assign(doc, { status: "available", ...special });
    if (doc.status === "processing") delete doc.pages; // not extracted yet
  });
  return docs;
}
