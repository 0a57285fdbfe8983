// Hand-written items the relevance benchmark (bench/relevance) looks for: threads, cases, blog posts
// and documents with page text, each about one distinct repair, written as the community writes
// (Spanish first, English too, full part numbers with their package suffix). Appended after the
// generated demo with their own seed, so the generated part stays byte for byte what it was.
import type { DemoUsername } from "./catalog";
import type { DemoDocument } from "./documents";
import { pdfFile } from "./files";
import { DAY, HOUR, iso, Random } from "./prng";

const SEED = 20261125;
const AT = Date.parse("2025-06-02T10:00:00Z");

export interface KnownThread {
  category: string;
  title: string;
  author: DemoUsername;
  board: string | null;
  body: string;
  replies: string[];
}

export const KNOWN_THREADS: KnownThread[] = [
  {
    category: "power",
    author: "ana",
    board: "820-01958",
    title: "820-01958 no enciende después de cambiar la batería",
    body: "Le cambié la batería a un MacBook Air A1932 y desde entonces no enciende. El cargador USB-C se queda clavado en 5 V. PP3V42_G3H está presente pero PPBUS_G3H marca 0 V. Ya revisé el fusible F7000 y está bien.",
    replies: [
      "Mira el controlador CD3215C00ZQZR en UC300: con baterías de terceros se muere a menudo.",
      "Resuelto: era el conector de la batería, tenía un pin doblado. Lo enderecé y arranca.",
    ],
  },
  {
    category: "laptops",
    author: "sam",
    board: "NM-B491",
    title: "T480 backlight not working, picture only visible with a flashlight",
    body: "ThinkPad T480 came in with a dark screen. Shining a flashlight on the panel shows the desktop, so the image is there but the backlight is dead. The backlight fuse next to the eDP connector measures open.",
    replies: [
      "Replace the fuse with a 2 A 0603 one and check the boost converter TPS61181ARTER before powering it on again.",
      "Fuse replaced, backlight is back. Thanks!",
    ],
  },
  {
    category: "liquid",
    author: "diego",
    board: "LA-F311P",
    title: "Latitude 7490 pita tres veces tras derramar refresco",
    body: "Un cliente derramó refresco de cola sobre el teclado. Ahora emite tres pitidos al pulsar el botón y la pantalla se queda negra. Hay corrosión verdosa junto a los zócalos de memoria.",
    replies: [
      "Tres pitidos en un Dell es error de memoria: limpia bien los zócalos y revisa el riel +1.2V_DDR.",
      "Después del baño de ultrasonidos y cambiar un condensador junto al zócalo, arrancó.",
    ],
  },
  {
    category: "bios",
    author: "nina",
    board: "NBGTK11001",
    title: "Aspire 5 stuck on the Acer logo after a firmware update",
    body: "After a failed firmware update the laptop freezes on the Acer logo forever. I dumped the W25Q64JVSIQ with my programmer and the dump looks truncated after 4 MB, the rest is all FF.",
    replies: [
      "Write a clean dump from the library and transfer your UUID and serial first.",
      "Clean dump written with the serial transferred, it boots to Windows again.",
    ],
  },
  {
    category: "apple",
    author: "tomas",
    board: "820-00875",
    title: "La retroiluminación del teclado parpadea en un MacBook Pro 2016",
    body: "La retroiluminación del teclado parpadea cuando el equipo funciona con batería; con el cargador conectado va perfecta. El sensor de luz ambiente parece responder bien.",
    replies: ["Suele ser el flex del teclado: revisa el conector J4800 bajo el microscopio.", "Cambié el flex y ya no parpadea."],
  },
  {
    category: "power",
    author: "sam",
    board: "LA-H811P",
    title: "XPS 13 9380 charger light blinks, battery never charges",
    body: "The adapter light blinks and the XPS refuses to charge the battery, it only runs on the charger. The buck-boost charger ISL95338HRTZ gets warm within a minute.",
    replies: [
      "Check the sense resistor between the charger and the battery connector, they crack.",
      "Swapped the ISL95338HRTZ, charging at 45 W now.",
    ],
  },
  {
    category: "laptops",
    author: "lucas",
    board: "60NB0HU0-MB1810",
    title: "VivoBook X512DA se apaga al jugar por sobrecalentamiento",
    body: "Mientras juega, el portátil se apaga de golpe. La temperatura de la CPU sube a 98 °C en pocos minutos. El ventilador está lleno de pelusa y la pasta térmica parece cemento.",
    replies: ["Limpieza del disipador y pasta nueva: ahora no pasa de 80 °C."],
  },
  {
    category: "laptops",
    author: "nina",
    board: "MS-17C11",
    title: "GE75 Raider loud hissing noise from the VRM under load",
    body: "Under load the GE75 makes a loud hissing and whining noise from the area of the CPU inductors. Performance is fine, the customer just hates the sound.",
    replies: ["That is coil whine. A drop of high-temperature glue on the chokes usually tames it."],
  },
  {
    category: "laptops",
    author: "ana",
    board: "6050A2860201",
    title: "ProBook 450 G3 no reconoce el disco SSD",
    body: "La BIOS no detecta el disco SSD SATA. Probé con otro disco y tampoco. El conector del disco tiene un pin hundido y el cable flexible parece pellizcado.",
    replies: ["Cambia el cable flexible del disco, en esta serie se rompen al cerrar la tapa inferior."],
  },
  {
    category: "laptops",
    author: "ray",
    board: "BA92-16365A",
    title: "Samsung Notebook 9 touchpad unresponsive after keyboard replacement",
    body: "After replacing the keyboard on an NP900X3N the touchpad no longer responds to clicks or movement. The ribbon cable looks seated.",
    replies: ["The touchpad ribbon locks twice on this model: flip the latch fully before seating it."],
  },
  {
    category: "laptops",
    author: "diego",
    board: "NM-B601",
    title: "IdeaPad 330: el puerto HDMI no da señal al monitor externo",
    body: "La pantalla interna funciona pero por el puerto HDMI no hay señal en ningún monitor externo. El chip de protección TPD12S016 tiene una patilla levantada.",
    replies: ["Resuelda la patilla del TPD12S016 con flux y punta fina; ya detecta el monitor."],
  },
  {
    category: "laptops",
    author: "sam",
    board: "DAG35AMB8D0",
    title: "EliteBook 840 G5 webcam not detected in Device Manager",
    body: "The integrated webcam disappeared from Device Manager. The camera module itself works in another unit, so the problem is on the board side.",
    replies: ["Check the 3.3 V camera supply fuse near the eDP connector, it blows when the lid cable is pinched."],
  },
];

export interface KnownCase {
  title: string;
  lang: "es" | "en";
  board: string;
  symptom: string;
  diagnosis: string;
  fix: string;
  components: { designator: string; part_number: string; action: string }[];
  /** What was read, as technicians write it: board knowledge (GET /boards/{number}/points/{point}) gathers them. */
  measurements?: { point: string; expected: string | null; measured: string }[];
}

export const KNOWN_CASES: KnownCase[] = [
  {
    title: "820-02016: dead after a coffee spill, vcore controller replaced",
    lang: "en",
    board: "820-02016",
    symptom: "Dead after a coffee spill on the keyboard, 0.02 A at 20 V.",
    diagnosis: "## Diagnosis\n\nCorrosion under the vcore controller U8100. Its enable pin showed 3 V but no switching at all.",
    fix: "Replaced U8100 with a new ISL95828HRTZ and cleaned the area in the ultrasonic bath. Boots.",
    components: [{ designator: "U8100", part_number: "ISL95828HRTZ", action: "replaced" }],
  },
  {
    title: "NM-A891: la batería no carga, cargador sustituido",
    lang: "es",
    board: "NM-A891",
    symptom: "El portátil funciona con el cargador pero la batería se queda al 0 % y no carga.",
    diagnosis: "## Diagnóstico\n\nEl controlador de carga PU501 no conmutaba. La resistencia de sensado estaba bien.",
    fix: "Sustituido PU501 por un BQ24780SRUYR nuevo. Carga a 65 W.",
    components: [{ designator: "PU501", part_number: "BQ24780SRUYR", action: "replaced" }],
  },
  {
    title: "LA-E891P: internal keyboard dead, EC reflashed",
    lang: "en",
    board: "LA-E891P",
    symptom: "Internal keyboard dead, an external USB keyboard works.",
    diagnosis: "## Diagnosis\n\nThe keyboard matrix lines are driven by the embedded controller. Its firmware was corrupted after a power cut.",
    fix: "Reflashed the MEC1416-NU embedded controller firmware. Keyboard works.",
    components: [{ designator: "U4201", part_number: "MEC1416-NU", action: "reprogrammed" }],
  },
  {
    title: "820-00840: ventiladores al máximo por un sensor de temperatura",
    lang: "es",
    board: "820-00840",
    symptom: "Los ventiladores giran al máximo nada más arrancar, incluso en reposo.",
    diagnosis: "## Diagnóstico\n\nEl SMC leía un sensor de temperatura desconectado: la línea del sensor térmico U5450 estaba abierta.",
    fix: "Cambiado el sensor TMP464AIRGTR. Ventiladores normales.",
    components: [{ designator: "U5450", part_number: "TMP464AIRGTR", action: "replaced" }],
  },
  {
    title: "DA0X8CMB6E0: no display, backlight enable missing",
    lang: "en",
    board: "DA0X8CMB6E0",
    symptom: "Powers on, external monitor works, the internal panel stays black.",
    diagnosis: "## Diagnosis\n\nThe backlight enable signal never left the PCH buffer; the buffer chip was cracked.",
    fix: "Replaced the SN74LVC1G07DCKR buffer. Backlight on.",
    components: [{ designator: "U15", part_number: "SN74LVC1G07DCKR", action: "replaced" }],
  },
  {
    title: "MS-16P71: conector de carga desoldado",
    lang: "es",
    board: "MS-16P71",
    symptom: "Solo carga si se sujeta el cable en cierta posición.",
    diagnosis: "## Diagnóstico\n\nLas soldaduras del conector de alimentación estaban agrietadas por los tirones del cable.",
    fix: "Desoldadura del conector, limpieza de los taladros y conector nuevo. Carga estable.",
    components: [{ designator: "PJ1", part_number: "DC-JACK-2.5", action: "replaced" }],
  },
  {
    title: "NM-C821: short on the SoC rail, VDDCR controller replaced",
    lang: "en",
    board: "NM-C821",
    symptom: "Power light flashes once, then nothing.",
    diagnosis: "## Diagnosis\n\n+VDDCR_SOC measured 0.3 ohm to ground. Injecting voltage heated the controller itself.",
    fix: "Replaced the RT3662BQGQW controller, SoC rail back at 0.95 V.",
    components: [{ designator: "PU1000", part_number: "RT3662BQGQW", action: "replaced" }],
  },
  {
    title: "DA0G7BMB6E0: sin sonido por los altavoces",
    lang: "es",
    board: "DA0G7BMB6E0",
    symptom: "No se oye nada por los altavoces internos; con auriculares sí hay sonido.",
    diagnosis: "## Diagnóstico\n\nEl amplificador de audio no recibía alimentación: bobina de filtro abierta.",
    fix: "Cambiada la bobina y revisado el códec ALC3247. Sonido correcto.",
    components: [{ designator: "U9", part_number: "ALC3247", action: "checked" }],
  },
  {
    title: "820-00165: no backlight, PPBUS fine, backlight fuse open",
    lang: "en",
    board: "820-00165",
    symptom: "Image only with a flashlight behind the panel.",
    diagnosis: "## Diagnosis\n\nPPBUS_G3H at 12.6 V, so the main rail is fine; the backlight fuse F9800 measured open.",
    fix: "Replaced F9800; backlight back.",
    components: [{ designator: "F9800", part_number: "0603-0.5A", action: "replaced" }],
    measurements: [
      { point: "PPBUS_G3H", expected: "12.6 V", measured: "12.60V" },
      { point: "F9800", expected: "0 ohm", measured: "OL" },
    ],
  },
  {
    title: "820-00165: sin carga, PPBUS a 8,6 V",
    lang: "es",
    board: "820-00165",
    symptom: "No carga la batería; el cargador se queda en 5 V.",
    diagnosis: "## Diagnóstico\n\nPPBUS G3H medía 8,6 V en lugar de 12,6 V: el controlador de carga U7000 no arrancaba.",
    fix: "Cambio de U7000; PPBUS vuelve a 12,6 V.",
    components: [{ designator: "U7000", part_number: "ISL9240HRTZ", action: "replaced" }],
    measurements: [
      { point: "PPBUS G3H", expected: "12,6 V", measured: "8,6 V" },
      { point: "ppbus-g3h", expected: "12,6 V", measured: "12,6 V" },
    ],
  },
  {
    title: "820-00165: dead after liquid, C7020 shorted",
    lang: "en",
    board: "820-00165",
    symptom: "No power after a coffee spill.",
    diagnosis: "## Diagnosis\n\nPPBUS_G3H pulled to 0.2 V; C7020 on the rail was shorted (diode mode 0.000).",
    fix: "Removed C7020, cleaned the area; PPBUS_G3H at 12.6V again.",
    components: [{ designator: "C7020", part_number: "GRM155R61A105KE15", action: "removed" }],
    measurements: [
      { point: "PPBUS_G3H", expected: "12.6V", measured: "0.2 V" },
      { point: "C7020", expected: null, measured: "0.000" },
    ],
  },
  {
    title: "820-00165: random shutdowns under load",
    lang: "en",
    board: "820-00165",
    symptom: "Shuts down when the GPU loads.",
    diagnosis: "## Diagnosis\n\nPPBUS_G3H sagged under load; the battery connector pins were burnt.",
    fix: "Replaced the battery connector J6950.",
    components: [{ designator: "J6950", part_number: "BAT-CONN-9P", action: "replaced" }],
    measurements: [{ point: "+PPBUS_G3H", expected: "12.6 V", measured: "11.9 V" }],
  },
];

export interface KnownPost {
  title: string;
  excerpt: string;
  tags: string[];
  body: string;
}

export const KNOWN_POSTS: KnownPost[] = [
  {
    title: "Reballing de un chip BGA sin levantar pistas",
    excerpt: "Precalentador, estarcido y paciencia: cómo quitar y volver a poner un BGA.",
    tags: ["microsoldadura", "bga"],
    body: "Precalienta la placa por debajo a 150 °C antes de aplicar aire caliente.\n\n## El estarcido\n\nUsa un estarcido del tamaño exacto y bolas de 0,45 mm con plomo. Limpia los pads con malla desoldadora, sin apretar, o arrancarás las pistas.",
  },
  {
    title: "Testing MOSFETs in circuit with a multimeter",
    excerpt: "Diode mode readings that tell a shorted MOSFET from a healthy one.",
    tags: ["diagnosis", "mosfet"],
    body: "In diode mode, a healthy N-channel MOSFET shows the body diode from source to drain.\n\n## Shorted or not\n\nA reading near zero in both directions between drain and source means the MOSFET is shorted. Compare against the same part on a known good board.",
  },
  {
    title: "Qué soldador comprar para microsoldadura",
    excerpt: "Puntas, potencia y estaciones: lo que de verdad importa.",
    tags: ["herramientas", "soldador"],
    body: "Para componentes 0201 necesitas una punta cuchilla fina y una estación que recupere temperatura rápido.\n\n## Potencia\n\nMás vatios no es más temperatura: es recuperar más rápido al tocar un plano de masa.",
  },
  {
    title: "Thermal paste versus thermal pads on laptop GPUs",
    excerpt: "When to use paste, when pads, and how thick.",
    tags: ["thermal", "maintenance"],
    body: "Paste goes on the die; pads go on memory chips and VRM chokes.\n\n## Thickness\n\nMeasure the old pads with calipers. Pads that are too thick lift the heatsink off the die and the GPU overheats.",
  },
];

export interface KnownDocument {
  title: string;
  type: string;
  language: string;
  manufacturer: string | null;
  boards: string[];
  description: string;
  tags: string[];
  pages: string[];
}

export const KNOWN_DOCUMENTS: KnownDocument[] = [
  {
    title: "Renesas buck-boost charger datasheet (Dell)",
    type: "datasheet",
    language: "en",
    manufacturer: null,
    boards: [],
    description: "Narrow VDC buck-boost battery charger used on recent Dell XPS boards.",
    tags: ["datasheet", "charger"],
    pages: [
      "ISL95338HRTZ-T: bidirectional buck-boost narrow VDC battery charger with SMBus interface.",
      "Adapter current limit, charge current sense resistor selection and the ACOK output.",
    ],
  },
  {
    title: "ThinkPad T480 display circuit notes",
    type: "document",
    language: "en",
    manufacturer: "Lenovo",
    boards: ["NM-B491"],
    description: "Notes on the eDP connector and its supplies.",
    tags: ["notes", "display"],
    pages: [
      "eDP connector JLCD1: pinout and supplies.",
      "Backlight: the boost converter U19 TPS61181ARTER is enabled by EDP_BKLT_EN from the PCH and dims by PWM.",
    ],
  },
  {
    title: "Manual de reparación Latitude 5410: desmontaje y diagnóstico",
    type: "service_manual",
    language: "es",
    manufacturer: "Dell",
    boards: ["LA-K351P"],
    description: "Desmontaje completo y pruebas de diagnóstico.",
    tags: ["manual"],
    pages: [
      "Desmontaje: retira la tapa inferior, desconecta la batería y suelta las bisagras de la pantalla.",
      "Diagnóstico: los códigos de luces del indicador de encendido, ámbar y blanco, señalan la memoria o la placa.",
      "Sustituye la almohadilla térmica del disipador al volver a montar.",
    ],
  },
  {
    title: "Reballing guide for PCH chips",
    type: "document",
    language: "en",
    manufacturer: null,
    boards: [],
    description: "Removing and reballing a platform controller hub.",
    tags: ["guide", "bga"],
    pages: [
      "Preheater at 150 °C from below, hot air at 380 °C from above, plenty of flux.",
      "Stencil: 0.45 mm leaded solder balls. Wick the pads flat without pressing.",
    ],
  },
  {
    title: "Diagnóstico rápido de placas sin imagen",
    type: "document",
    language: "es",
    manufacturer: null,
    boards: [],
    description: "Guía breve para portátiles que encienden pero no muestran nada.",
    tags: ["guía"],
    pages: [
      "Primero: ¿hay imagen por la salida externa? Si la hay, el problema está en el panel o su cable.",
      "Si no hay imagen en ninguna salida, revisa la memoria RAM soldada y la señal de reloj del procesador.",
    ],
  },
];

const categories: Record<string, true> = { power: true, laptops: true, liquid: true, bios: true, apple: true };

/** A known thread in the import format; `solved`: its last reply is the accepted solution. */
export function threadRecord(t: KnownThread, id: string, created: number, solved: boolean): Record<string, unknown> {
  if (!categories[t.category]) throw new Error(`unknown category ${t.category}`);
  return {
    id,
    category: t.category,
    title: t.title,
    status: "open",
    sticky: false,
    published: true,
    author: t.author,
    body: t.body,
    board: t.board,
    document: null,
    created_at: iso(created),
    posts: t.replies.map((body, i) => ({
      author: t.author === "nina" ? "tomas" : "nina",
      body,
      is_solution: solved && i === t.replies.length - 1,
      score: 2,
      hidden: false,
      created_at: iso(created + (i + 1) * 5 * HOUR),
    })),
  };
}

/** A known case in the import format. */
export function caseRecord(c: KnownCase, id: string, published: number, minutes: number): Record<string, unknown> {
  return {
    id,
    title: c.title,
    outcome: "fixed",
    symptom: c.symptom,
    device_model: null,
    board: c.board,
    board_revision: null,
    manufacturer: null,
    author: "tomas",
    published: true,
    published_at: iso(published),
    edited_at: null,
    diagnosis: c.diagnosis,
    fix: c.fix,
    minutes_spent: minutes,
    measurements: (c.measurements ?? []).map((m) => ({ ...m, note: null })),
    components: c.components.map((x) => ({ ...x, note: null })),
    documents: [],
    thread: null,
  };
}

/** The known items in the import format, with ids and dates from their own seed. */
export async function knownItems(): Promise<{
  threads: Record<string, unknown>[];
  cases: Record<string, unknown>[];
  posts: Record<string, unknown>[];
  documents: DemoDocument[];
}> {
  const random = new Random(SEED);
  let at = AT;
  const next = () => (at += random.int(2, 20) * DAY);
  const threads = KNOWN_THREADS.map((t) => {
    const created = next();
    return threadRecord(t, random.ulid(created), created, false);
  });
  const cases = KNOWN_CASES.map((c) => {
    const published = next();
    return caseRecord(c, random.ulid(published), published, 90);
  });
  const posts = KNOWN_POSTS.map((p) => {
    const published = next();
    return {
      id: random.ulid(published),
      title: p.title,
      excerpt: p.excerpt,
      author: "marta",
      tags: p.tags,
      likes: 3,
      body: p.body,
      published_at: iso(published),
      edited_at: null,
      comments: [],
    };
  });
  const documents: DemoDocument[] = [];
  for (const d of KNOWN_DOCUMENTS) {
    const created = next();
    const pdf = await pdfFile(d.title, d.pages);
    documents.push({
      id: random.ulid(created),
      title: d.title,
      type: d.type,
      status: "available",
      visibility: "public",
      owner: "nina",
      manufacturer: d.manufacturer,
      boards: d.boards,
      description: d.description,
      language: d.language,
      tags: d.tags,
      downloads: 5,
      created_at: iso(created),
      pages: pdf.pages,
      versions: [
        {
          version: 1,
          // Accents kept, as a member's own file would be named (downloads send them in filename*, RFC 8187).
          filename: `${d.title
            .toLowerCase()
            .replace(/[^\p{L}\p{N}]+/gu, "-")
            .replace(/^-|-$/g, "")}.pdf`,
          changelog: null,
          created_at: iso(created),
          content_base64: Buffer.from(pdf.bytes).toString("base64"),
        },
      ],
    });
  }
  return { threads, cases, posts, documents };
}
