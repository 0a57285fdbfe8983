// Repair stories: one fault on one board, told in Spanish or English. A story gives a thread
// (title, body, a conversation that may end in a solution) and a repair case (measurements,
// components, diagnosis, fix), so both read like the same community wrote them.
import type { DemoBoard } from "./catalog";
import type { Random } from "./prng";
import { PARTS, RAILS, type Part, type Rail } from "./vocabulary";

export type Lang = "es" | "en";
export const PROBLEMS = ["no_power", "short", "vcore", "bios", "liquid", "charging", "no_image", "bootloop"] as const;
export type Problem = (typeof PROBLEMS)[number];

export interface Story {
  board: DemoBoard;
  lang: Lang;
  problem: Problem;
  rail: Rail;
  part: Part;
  /** What the rail measured, and its resistance to ground. */
  measured: string;
  ohms: string;
  amps: string;
}

export function makeStory(random: Random, board: DemoBoard, lang: Lang): Story {
  const problem = random.pick(PROBLEMS);
  const rails = RAILS[board.family];
  const parts = PARTS[board.family];
  const railFor: Partial<Record<Problem, RegExp>> = { vcore: /VCC_CORE|CPU|VDDCR_CPU/, charging: /BUS|19VB/, bios: /3V3_S5|3VALW/ };
  const partFor: Partial<Record<Problem, RegExp>> = {
    vcore: /vcore|VDDCR/,
    charging: /charger|cargador/,
    bios: /BIOS|EFI/,
    no_power: /PP3V42|3VALW|input|entrada/,
  };
  const rail = rails.find((r) => railFor[problem]?.test(r.name)) ?? random.pick(rails);
  const part = parts.find((p) => partFor[problem]?.test(p.role.en)) ?? random.pick(parts);
  const ohms = problem === "short" ? `${random.int(1, 9) / 10} ohm` : `${random.int(80, 900)} ohm`;
  const measured = problem === "short" || problem === "no_power" || problem === "vcore" ? `${random.int(0, 40) / 100} V` : rail.volts;
  return { board, lang, problem, rail, part, measured, ohms, amps: `${random.int(1, 45) / 100} A` };
}

const pick = (random: Random, items: string[]) => random.pick(items);

export function threadTitle(s: Story, random: Random): string {
  const b = s.board.number;
  const r = s.rail.name;
  const T: Record<Problem, Record<Lang, string[]>> = {
    no_power: {
      es: [`${b} no enciende, falta ${r}`, `${b} muerta: sin ${r} y sin consumo`],
      en: [`${b} no power, ${r} missing`, `${b} dead, no ${r} and 0 A on the supply`],
    },
    short: {
      es: [`${b} ${r} en corto a masa (${s.ohms})`, `Corto en ${r} en ${b}, ¿qué condensador?`],
      en: [`${b} ${r} shorted to ground (${s.ohms})`, `${b}: short on ${r}, hunting the cap`],
    },
    vcore: {
      es: [`${b} sin vcore de CPU (${r})`, `${b} enciende pero no aparece ${r}`],
      en: [`${b} no CPU vcore on ${r}`, `${b} powers on, ${r} never comes up`],
    },
    bios: {
      es: [`${b} BIOS corrupta tras actualizar, pantalla negra`, `${b} no pasa de POST, ¿reprogramar ${s.part.designator}?`],
      en: [`${b} BIOS corruption after update, black screen`, `${b} stuck before POST, reflash ${s.part.designator}?`],
    },
    liquid: {
      es: [`${b} daño por líquido cerca de ${s.part.designator}`, `${b} con café derramado, corrosión en zona de ${s.part.designator}`],
      en: [`${b} liquid damage near ${s.part.designator}`, `${b} coffee spill, corrosion around ${s.part.designator}`],
    },
    charging: {
      es: [`${b} no carga la batería, ${r} bajo`, `${b} se queda en 5 V con el cargador USB-C`],
      en: [`${b} not charging, ${r} low`, `${b} stuck at 5 V on USB-C`],
    },
    no_image: {
      es: [`${b} enciende pero no da imagen`, `${b} sin imagen, ventilador gira`],
      en: [`${b} powers on but no image`, `${b} no display, fan spins`],
    },
    bootloop: {
      es: [`${b} se reinicia en bucle, ventilador al máximo`, `${b} arranca y se apaga a los 3 segundos`],
      en: [`${b} boot loop, fan at full speed`, `${b} turns on then off after 3 seconds`],
    },
  };
  return pick(random, T[s.problem][s.lang]);
}

export function threadBody(s: Story, random: Random): string {
  const { board: b, rail: r, part: p } = s;
  if (s.lang === "es") {
    return [
      `Placa **${b.number}** (${b.platform}). ${pick(random, ["Llegó de otro taller", "La trajo un cliente", "La compré como averiada", "Es de un colegio"])}: ${problemEs(s)}.`,
      "",
      "Lo que medí hasta ahora:",
      "",
      `- ${r.name}: ${s.measured} (debería ser ${r.volts})`,
      `- Resistencia a masa de ${r.name}: ${s.ohms}`,
      `- Consumo en la fuente: ${s.amps}`,
      "",
      `¿Alguien tiene el esquemático o el boardview? Sospecho de ${p.designator} (${p.partNumber}, ${p.role.es}).`,
    ].join("\n");
  }
  return [
    `Board **${b.number}** (${b.platform}). ${pick(random, ["Came from another shop", "Customer unit", "Bought it as faulty", "School laptop"])}: ${problemEn(s)}.`,
    "",
    "Measured so far:",
    "",
    `- ${r.name}: ${s.measured} (should be ${r.volts})`,
    `- ${r.name} resistance to ground: ${s.ohms}`,
    `- Bench supply draw: ${s.amps}`,
    "",
    `Does anyone have the schematic or boardview? I suspect ${p.designator} (${p.partNumber}, the ${p.role.en}).`,
  ].join("\n");
}

function problemEs(s: Story): string {
  return {
    no_power: `no enciende, falta ${s.rail.name}`,
    short: `${s.rail.name} está en corto a masa`,
    vcore: `no aparece el vcore de la CPU`,
    bios: `se corrompió la BIOS durante una actualización`,
    liquid: `tiene restos de líquido y corrosión`,
    charging: `no carga la batería`,
    no_image: `enciende pero no da imagen`,
    bootloop: `se reinicia en bucle`,
  }[s.problem];
}

function problemEn(s: Story): string {
  return {
    no_power: `no power, ${s.rail.name} missing`,
    short: `${s.rail.name} is shorted to ground`,
    vcore: `CPU vcore never comes up`,
    bios: `the BIOS got corrupted during an update`,
    liquid: `liquid residue and corrosion`,
    charging: `battery does not charge`,
    no_image: `powers on but no image`,
    bootloop: `boot loops`,
  }[s.problem];
}

/** Replies of a conversation, in order; the last one may be the fix (returned separately). */
export function conversation(s: Story, random: Random, count: number): { body: string; kind: "reply" | "fix" }[] {
  const { rail: r, part: p } = s;
  const es = [
    `Mide la resistencia a masa de ${r.name} en modo diodo, ¿cuánto da?`,
    `Inyecta 1 V en ${r.name} limitando a 2 A y busca con la cámara térmica qué calienta.`,
    `Revisa ${p.designator} (${p.partNumber}), en esta placa falla mucho.`,
    `¿Tienes el boardview? En la biblioteca está el de la ${s.board.number}.`,
    `Yo quitaría ${p.designator} y mediría de nuevo: si el corto desaparece, ya está.`,
    `Antes de nada, limpia con alcohol isopropílico y mira bajo el microscopio.`,
    `Comprueba también la señal de enable del ${p.role.es}, a veces es el EC.`,
    `Con la fuente a 20 V, ¿cuánto consume exactamente? ${s.amps} es poco para arrancar.`,
    `Me pasó lo mismo con otra ${s.board.number}, era un condensador de 0402 junto a ${p.designator}.`,
    `Sube fotos de la zona, con buena luz.`,
    `Ojo con el calor: esa zona tiene componentes bajo escudo.`,
  ];
  const en = [
    `Measure ${r.name} resistance to ground in diode mode, what do you get?`,
    `Inject 1 V into ${r.name} at 2 A max and look for the hot spot with a thermal camera.`,
    `Check ${p.designator} (${p.partNumber}), it fails a lot on this board.`,
    `Do you have the boardview? The library has one for ${s.board.number}.`,
    `I'd lift ${p.designator} and measure again: if the short goes away, that's it.`,
    `First clean it with isopropyl alcohol and look under the microscope.`,
    `Also check the enable signal of the ${p.role.en}; sometimes it's the EC.`,
    `At 20 V on the bench, what exactly is the draw? ${s.amps} is low for a boot.`,
    `Had the same on another ${s.board.number}, it was a 0402 cap next to ${p.designator}.`,
    `Post photos of the area, with good light.`,
    `Careful with heat: there are parts under the shield there.`,
  ];
  const pool = s.lang === "es" ? es : en;
  const out: { body: string; kind: "reply" | "fix" }[] = [];
  for (let i = 0; i < count; i++) out.push({ body: random.pick(pool), kind: "reply" });
  return out;
}

export function fixText(s: Story, random: Random): string {
  const { part: p, rail: r } = s;
  const es: Record<Problem, string> = {
    no_power: `Era ${p.designator} (${p.partNumber}). Lo cambié y ya aparece ${r.name} a ${r.volts}. Enciende.`,
    short: `Encontrado: un condensador en ${r.name} junto a ${p.designator} calentaba con 1 V inyectado. Retirado y sustituido, resistencia a masa normal.`,
    vcore: `Cambié ${p.designator} (${p.partNumber}) y el vcore arranca. Ojo, había una resistencia de feedback abierta también.`,
    bios: `Reprogramé ${p.designator} con un CH341A y un dump limpio de la biblioteca, manteniendo el serial. Arranca.`,
    liquid: `Baño de ultrasonidos, cambié ${p.designator} corroído y reparé una pista con hilo de 0,1 mm. Funciona.`,
    charging: `El ${p.role.es} (${p.designator}) estaba dañado. Sustituido por ${p.partNumber} nuevo y ya carga a 60 W.`,
    no_image: `Fusible de retroiluminación abierto. Puenteado provisional para probar y luego fusible nuevo. Imagen OK.`,
    bootloop: `Era la BIOS: ${p.designator} reprogramado y limpiada la ME region. Ya no reinicia.`,
  };
  const en: Record<Problem, string> = {
    no_power: `It was ${p.designator} (${p.partNumber}). Replaced it and ${r.name} is back at ${r.volts}. Boots.`,
    short: `Found it: a cap on ${r.name} next to ${p.designator} got hot with 1 V injected. Removed and replaced, resistance to ground normal.`,
    vcore: `Replaced ${p.designator} (${p.partNumber}) and vcore comes up. There was an open feedback resistor too.`,
    bios: `Reflashed ${p.designator} with a CH341A and a clean dump from the library, keeping the serial. Boots.`,
    liquid: `Ultrasonic bath, replaced corroded ${p.designator} and repaired a trace with 0.1 mm wire. Works.`,
    charging: `The ${p.role.en} (${p.designator}) was damaged. New ${p.partNumber} fitted, charges at 60 W now.`,
    no_image: `Backlight fuse open. Bridged to test, then a new fuse. Image OK.`,
    bootloop: `It was the BIOS: ${p.designator} reflashed and ME region cleaned. No more restarts.`,
  };
  void random;
  return (s.lang === "es" ? es : en)[s.problem];
}

export const SPAM = [
  "Cheap motherboards!!! Best price, visit our shop today, free shipping",
  "Compra placas baratas, envío gratis, escríbenos por WhatsApp",
  "Buy replacement boards wholesale, 50% discount this week only",
];

/** The repair case told from the same story. */
export function caseParts(s: Story, random: Random) {
  const { rail: r, part: p, board } = s;
  const rails = RAILS[board.family];
  const otherRails = random.sample(
    rails.filter((x) => x.name !== r.name),
    random.int(1, 3),
  );
  const measurements = [
    { point: r.name, expected: r.volts, measured: s.measured, note: s.lang === "es" ? "con cargador conectado" : "charger connected" },
    { point: `${r.name} (resistencia/resistance)`, expected: "> 100 ohm", measured: s.ohms, note: null },
    ...otherRails.map((o) => ({ point: o.name, expected: o.volts, measured: o.volts, note: null })),
    { point: s.lang === "es" ? "Consumo a 20 V" : "Draw at 20 V", expected: null, measured: s.amps, note: null },
  ];
  const action = {
    no_power: "replaced",
    short: "replaced",
    vcore: "replaced",
    bios: "reprogrammed",
    liquid: "cleaned and replaced",
    charging: "replaced",
    no_image: "replaced",
    bootloop: "reprogrammed",
  }[s.problem];
  const components: { designator: string; part_number: string | null; action: string; note: string | null }[] = [
    { designator: p.designator, part_number: p.partNumber, action, note: s.lang === "es" ? p.role.es : p.role.en },
  ];
  const extra = random.pick(PARTS[board.family].filter((x) => x.designator !== p.designator));
  if (random.chance(0.5))
    components.push({
      designator: extra.designator,
      part_number: extra.partNumber,
      action: random.pick(["reflowed", "checked", "removed"]),
      note: s.lang === "es" ? extra.role.es : extra.role.en,
    });
  if (random.chance(0.4))
    components.push({
      designator: `C${random.int(7000, 9999)}`,
      part_number: null,
      action: "replaced",
      note: s.lang === "es" ? "condensador 0402 en corto" : "shorted 0402 capacitor",
    });
  const diagnosis =
    s.lang === "es"
      ? `## Diagnóstico\n\n${problemEs(s)[0].toUpperCase()}${problemEs(s).slice(1)}. ${r.name} medía ${s.measured} (esperado ${r.volts}) y ${s.ohms} a masa.\n\nSe revisó ${p.designator} (${p.partNumber}), ${p.role.es}, siguiendo el esquemático de la biblioteca.`
      : `## Diagnosis\n\n${problemEn(s)[0].toUpperCase()}${problemEn(s).slice(1)}. ${r.name} read ${s.measured} (expected ${r.volts}) and ${s.ohms} to ground.\n\nChecked ${p.designator} (${p.partNumber}), the ${p.role.en}, following the schematic from the library.`;
  return { measurements, components, diagnosis };
}
