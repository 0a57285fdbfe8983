// Hand-written threads and cases for the meaning categories of bench:relevance (synonyms, the other
// language, the board or model asked about): written as the forum writes, in both languages and in
// regional Spanish (MX bocinas/eliminador, AR prende/parlantes, ES portátil/altavoces, VE/CO pila),
// each about one repair of one board. Their own seed, appended after known.ts, so every earlier item
// keeps its id and date.
import { caseRecord, threadRecord, type KnownCase, type KnownThread } from "./known";
import { DAY, Random } from "./prng";

const SEED = 20261126;
const AT = Date.parse("2026-02-02T09:00:00Z");

export const MEANING_THREADS: KnownThread[] = [
  {
    category: "laptops",
    author: "diego",
    board: "LA-G671P",
    title: "Inspiron 15 5570 no se escuchan las bocinas",
    body: "Las bocinas dejaron de sonar de un día para otro. Con audífonos todo bien. Revisé el conector de las bocinas y está firme, sospecho del amplificador.",
    replies: [
      "Mide la salida del amplificador hacia el conector, a veces se abre una bobina de filtro.",
      "Era la bobina L3 abierta, la puenteé y ya suenan.",
    ],
  },
  {
    category: "power",
    author: "lucas",
    board: "NM-A311",
    title: "E470 no prende, ni una luz",
    body: "Me trajeron una E470 que no prende: apretás el botón y nada, ni un LED. Con la fuente de laboratorio consume 0 A. Tengo 19 V en la entrada pero no pasan del mosfet de entrada.",
    replies: ["Fijate el fusible de entrada y el diodo de protección.", "Era el mosfet de entrada en corto, lo cambié y anda."],
  },
  {
    category: "apple",
    author: "sam",
    board: "820-00165",
    title: "820-00165 completely dead, nothing happens on the button",
    body: "MacBook Air came in totally dead. Pressing the button does nothing, the MagSafe LED stays dark and the fan never spins. PP3V42_G3H is missing.",
    replies: ["Check for a shorted cap on PP3V42_G3H with the thermal camera.", "Found a shorted cap next to the SMC, removed it and it boots."],
  },
  {
    category: "laptops",
    author: "tomas",
    board: "60NB0B90-MB1300",
    title: "GL553VD se reinicia solo cada pocos minutos",
    body: "El portátil se reinicia de golpe, sin pantallazo azul, a veces en el escritorio y a veces en la BIOS. Ya le cambié la pasta térmica y sigue igual.",
    replies: [
      "Mira el riel de la memoria, un condensador de tántalo fugando hace eso.",
      "Cambié el tántalo del riel de memoria y lleva dos días sin reiniciarse.",
    ],
  },
  {
    category: "laptops",
    author: "nina",
    board: "NM-B481",
    title: "X1 Carbon 6th gen boots but the panel stays black",
    body: "It powers up, the fan spins and the keyboard lights, but the internal panel stays black and an external monitor gets nothing either.",
    replies: [
      "Sounds like the GPU side of the CPU, check the VCCGT rail.",
      "VCCGT was missing, the inductor was cracked. Replaced, picture is back.",
    ],
  },
  {
    category: "power",
    author: "ana",
    board: "LA-D821P",
    title: "Latitude E5470: la pila no agarra carga",
    body: "La pila se queda en 0 % aunque el equipo trabaja bien enchufado. Probé con otra pila nueva y pasa lo mismo, el ícono dice enchufado, sin cargar.",
    replies: [
      "Revisa la línea de identificación del adaptador, si no la lee el equipo no carga.",
      "Era el pin central del conector DC, lo cambié y ya carga.",
    ],
  },
  {
    category: "laptops",
    author: "sam",
    board: "MS-16J91",
    title: "GS63VR runs very hot and throttles in games",
    body: "Temperatures hit 95 C within minutes of gaming and the clocks drop hard. The heatsink is clean and the fans spin.",
    replies: ["Repaste and replace the pads, the factory pads on these are dry.", "New pads and paste, it tops out at 80 C now."],
  },
  {
    category: "liquid",
    author: "diego",
    board: "60NR0010-MB1120",
    title: "Strix G531GT se mojó con agua y ahora hace cortocircuito",
    body: "Al cliente se le cayó un vaso de agua encima. Ahora la fuente de laboratorio marca consumo alto nada más conectarla y la placa se calienta junto al cargador.",
    replies: [
      "Limpieza con alcohol isopropílico primero, luego busca el componente caliente con la cámara térmica.",
      "Era un condensador cerámico en corto en la entrada, lo quité y arrancó.",
    ],
  },
  {
    category: "laptops",
    author: "tomas",
    board: "NM-C121",
    title: "ThinkPad E490: con el eliminador original no carga",
    body: "Con el eliminador original de Lenovo la laptop no carga la pila ni enciende con ella quitada. Con otro eliminador genérico hace lo mismo.",
    replies: [
      "Mide el voltaje en el pin del conector USB-C, estos controladores PD fallan.",
      "Cambié el controlador PD y ya carga con el eliminador original.",
    ],
  },
  {
    category: "apple",
    author: "ana",
    board: "820-01700",
    title: "A1990 sin imagen en la pantalla interna, con monitor externo sí",
    body: "El equipo arranca, se oye el timbre de inicio y con un monitor externo se ve el escritorio, pero la pantalla propia del portátil queda negra.",
    replies: [
      "Revisa el conector del flex de pantalla y el fusible de la retroiluminación.",
      "Era el flex de la pantalla cortado por la bisagra, lo cambié.",
    ],
  },
  {
    category: "power",
    author: "nina",
    board: "LA-B162P",
    title: "Inspiron 3542 burnt smell and a scorched chip near the DC jack",
    body: "Customer says it smelled of smoke and died. There is a scorched chip near the DC jack and a cracked cap beside it.",
    replies: ["That is the charger IC, replace it and check the input MOSFETs.", "Replaced the charger IC and both MOSFETs, charging again."],
  },
  {
    category: "apple",
    author: "tomas",
    board: "820-3437",
    title: "MacBook Air 2013 se apaga de golpe con batería",
    body: "Con la batería el equipo se corta sin avisar al pasar del 40 %, enchufado funciona perfecto. La batería es nueva y el ciclo está bien.",
    replies: [
      "Revisa la lectura del sensor de corriente de la batería en el SMC.",
      "Era una resistencia de sensado fisurada, la cambié y ya no se corta.",
    ],
  },
  {
    category: "apple",
    author: "sam",
    board: "820-01521",
    title: "A1932 PPBUS shorted to ground",
    body: "PPBUS_G3H measures 2 ohms to ground. Injected 1 V and the hot spot is a cap beside the CPU.",
    replies: ["Remove the cap and measure again, these are common.", "Cap removed, resistance back to normal, it boots."],
  },
  {
    category: "apple",
    author: "diego",
    board: "820-3435",
    title: "MacBook Air 11 la pantalla tiene rayas y parpadea",
    body: "La imagen sale con rayas verticales de colores y tiembla cuando muevo la tapa. Con monitor externo todo bien.",
    replies: ["Es el cable LVDS o eDP de la bisagra, muy típico.", "Cambié el cable de la bisagra y desaparecieron las rayas."],
  },
  {
    category: "laptops",
    author: "nina",
    board: "60NB0CF0-MB1310",
    title: "X541UA keyboard types nothing on several keys",
    body: "Several keys on the left side do not register at all, the rest work fine. A new keyboard behaves the same.",
    replies: [
      "Check the keyboard connector pins on the board, one row is probably open.",
      "One trace to the connector was corroded, jumpered it and all keys work.",
    ],
  },
  {
    category: "bios",
    author: "lucas",
    board: "60NB0HU0-MB1810",
    title: "VivoBook X512DA se queda en el logo de Asus",
    body: "Arranca, aparece el logo de Asus y ahí se queda congelado. No entra a la BIOS con F2. Le grabé la BIOS de nuevo con el programador y nada.",
    replies: ["Prueba con un módulo de memoria, las soldadas fallan.", "Era la RAM soldada, deshabilité el banco y arranca."],
  },
];

export const MEANING_CASES: KnownCase[] = [
  {
    title: "LA-K351P: no enciende, bobina del riel de 5 V abierta",
    lang: "es",
    board: "LA-K351P",
    symptom: "No enciende al pulsar el botón; el cargador entrega 20 V y consume 0,01 A.",
    diagnosis: "El riel de 5 V no aparece. La bobina PL401 está abierta tras un golpe.",
    fix: "Cambié la bobina PL401 por una de 2,2 µH y arranca.",
    components: [{ designator: "PL401", part_number: "PCMC063T-2R2MN", action: "replaced" }],
  },
  {
    title: "820-02098: bocinas mudas, códec de audio resoldado",
    lang: "es",
    board: "820-02098",
    symptom: "Las bocinas internas no suenan; con auriculares sí.",
    diagnosis: "Al códec le faltaba la alimentación de 1,8 V por una soldadura fría.",
    fix: "Resoldé el códec con flux y aire caliente. Suenan de nuevo.",
    components: [{ designator: "U6200", part_number: "CS42L83A-CRZR", action: "reflowed" }],
  },
  {
    title: "820-01987: water on the trackpad, board corroded",
    lang: "en",
    board: "820-01987",
    symptom: "Water was spilled on the trackpad; the machine turns off randomly since then.",
    diagnosis: "Corrosion around the trackpad connector and the SMC area.",
    fix: "Ultrasonic cleaning and replaced two corroded resistors. Stable.",
    components: [{ designator: "R5250", part_number: "ERJ-2GE0R00X", action: "replaced" }],
  },
  {
    title: "60NB0CF0-MB1310: hot chip, CPU rail short, MOSFET replaced",
    lang: "en",
    board: "60NB0CF0-MB1310",
    symptom: "The board gets hot near the CPU and the bench supply hits its current limit.",
    diagnosis: "Low side MOSFET of the CPU rail shorted drain to source.",
    fix: "Replaced the MOSFET, rail back to 1.0 V.",
    components: [{ designator: "PQ301", part_number: "SIRA14BDP", action: "replaced" }],
  },
];

/** The meaning items in the import format, their ids and dates from their own seed. */
export function meaningItems(): { threads: Record<string, unknown>[]; cases: Record<string, unknown>[] } {
  const random = new Random(SEED);
  let at = AT;
  const next = () => (at += random.int(2, 9) * DAY);
  const threads = MEANING_THREADS.map((t) => {
    const created = next();
    return threadRecord(t, random.ulid(created), created, true);
  });
  const cases = MEANING_CASES.map((c) => {
    const published = next();
    return caseRecord(c, random.ulid(published), published, 60);
  });
  return { threads, cases };
}
