// How the items of one board rank when they say the query's meaning in other words: a concept's other
// phrase is found with a word between its words, a concept matched in any words outweighs a stray word
// matched as typed, and a concept's searched words are never spent on a phrase that holds another.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { importContent } from "../../cli/import";
import { getJson, seedSample } from "../helpers/app";
import { matchExpression, parseQuery } from "../../src/search/understand/query";
import { CONCEPTS, expansionsOf, MAX_QUERY_EXPANSIONS } from "../../src/search/thesaurus";
import { interpretationOf } from "../../src/search/understand/interpretation";
import { importThread } from "../helpers/forum-fixture";

const ID = {
  logo: "01JS0000000000000000000R01",
  hot: "01JS0000000000000000000R02",
  load: "01JS0000000000000000000R03",
  wet: "01JS0000000000000000000R04",
  never: "01JS0000000000000000000R05",
  allDay: "01JS0000000000000000000R06",
  chargeEs: "01JS0000000000000000000R07",
  deadEn: "01JS0000000000000000000R08",
  keys: "01JS0000000000000000000R09",
  deadBoard: "01JS0000000000000000000R10",
  fanStill: "01JS0000000000000000000R11",
  fanFast: "01JS0000000000000000000R12",
  mainShort: "01JS0000000000000000000R13",
  deadChat: "01JS0000000000000000000R14",
  wet7: "01JS0000000000000000000R15",
  dry7: "01JS0000000000000000000R16",
  whine8: "01JS0000000000000000000R17",
  whenGaming8: "01JS0000000000000000000R18",
  charger9: "01JS0000000000000000000R19",
  brought9: "01JS0000000000000000000R20",
  burnt11: "01JS0000000000000000000R23",
  aside11: "01JS0000000000000000000R24",
  hot12: "01JS0000000000000000000R25",
  vcore12: "01JS0000000000000000000R26",
};

const fixture = {
  manufacturers: [{ id: 7, name: "Acer" }],
  boards: [
    { number: "NBZZX11001", manufacturer: "Acer", platform: "Aspire 9 Zeta", aliases: [] },
    { number: "NBZZX22002", manufacturer: "Acer", platform: "Nitro 9 Zeta", aliases: [] },
    { number: "NBZZX33003", manufacturer: "Acer", platform: "Swift 9 Zeta", aliases: [] },
    { number: "NBZZX44004", manufacturer: "Acer", platform: "Spin 9 Zeta", aliases: [] },
    { number: "NBZZX55005", manufacturer: "Acer", platform: "Chromebook 9 Zeta", aliases: [] },
    { number: "NBZZX66006", manufacturer: "Acer", platform: "Predator 9 Zeta", aliases: [] },
    { number: "NBZZX77007", manufacturer: "Acer", platform: "TravelMate 9 Zeta", aliases: [] },
    { number: "NBZZX88008", manufacturer: "Acer", platform: "Extensa 9 Zeta", aliases: [] },
    { number: "NBZZX99009", manufacturer: "Acer", platform: "Ferrari 9 Zeta", aliases: [] },
    { number: "NBZZXBB011", manufacturer: "Acer", platform: "Aspire 11 Zeta", aliases: [] },
    { number: "NBZZXCC012", manufacturer: "Acer", platform: "Aspire 12 Zeta", aliases: [] },
  ],
  threads: [
    // "stuck on logo" (a concept's phrase) with the brand between its words.
    importThread(ID.logo, "NBZZX11001", "Stuck on the Acer logo after an update", "The firmware update failed halfway.", 1),
    // Same board: one says the symptom in other words, the newer one shares only a stray word as typed.
    importThread(ID.hot, "NBZZX22002", "Runs very hot in games", "The heatsink was full of lint.", 2),
    importThread(ID.load, "NBZZX22002", "No image at full load", "The panel goes black in games.", 3),
    importThread(ID.allDay, "NBZZX22002", "Fan loud all day", "Noisy since the last repaste.", 6),
    // Not charging, in a late English term of the concept (past its first 8 of each language).
    importThread(ID.never, "NBZZX11001", "Never charges past zero", "Adapter plugged in, stays at zero percent.", 5),
    // Liquid damage in English words only.
    importThread(ID.wet, "NBZZX11001", "Got wet, now it shows nothing", "The owner spilled a glass of tea over the keyboard.", 4),
    // Same board: one says "battery won't charge" in Spanish, the newer one shares only single words as typed.
    importThread(ID.chargeEs, "NBZZX33003", "La batería no carga, cargador sustituido", "Con el cargador enchufado se queda al 0 %.", 7),
    importThread(ID.deadEn, "NBZZX33003", "Dead board, battery charger IC replaced", "Nothing at all, 0 A on the supply.", 8),
    // Same board: the keyboard's fault in other words, and a newer board that says "dead" as typed.
    importThread(ID.keys, "NBZZX44004", "Keyboard types nothing on several keys", "The ribbon looks fine.", 9),
    importThread(ID.deadBoard, "NBZZX44004", "Dead, no 3V rail and 0 A on the supply", "Came from another shop.", 10),
    // Same board: the fan that does not spin (in English), and a newer one whose fan "gira" (spins) too fast.
    importThread(ID.fanStill, "NBZZX55005", "Fan doesn't spin at all", "Checked the connector.", 11),
    importThread(ID.fanFast, "NBZZX55005", "El ventilador gira a tope todo el tiempo", "Limpié el disipador.", 12),
    // Same board: the main rail's short said in English, and a newer dead board whose reply guesses at "el corto".
    importThread(ID.mainShort, "NBZZX66006", "PPBUS shorted to ground", "Found it at 0.2 ohm.", 13),
    {
      ...importThread(ID.deadChat, "NBZZX66006", "Dead, PPBUS missing", "Measured PPBUS: 0 V.", 14),
      posts: [{ author: "alice", body: "Quitá el condensador y mirá si sigue en corto.", created_at: "2026-10-15T00:00:00Z" }],
    },
    // Same board: a spill told without the word corrosion, and a newer item that names no fault of the query.
    importThread(ID.wet7, "NBZZX77007", "Se mojó con agua y ahora no arranca", "La dueña la limpió con un trapo.", 15),
    importThread(ID.dry7, "NBZZX77007", "Pantalla con rayas", "Cambié el flex y sigue igual.", 16),
    // Same board: the coil whine in English, and a newer item sharing only "cuando" and "juego" as typed.
    importThread(ID.whine8, "NBZZX88008", "Loud whining from the inductors", "Only under load.", 17),
    importThread(ID.whenGaming8, "NBZZX88008", "Rayas en la pantalla cuando juego", "Cambié el flex.", 18),
    // Same board: the charger in English, and a newer item with "trajo", one letter from "trafo" (a charger).
    importThread(ID.charger9, "NBZZX99009", "Charger plug is loose", "The barrel wobbles.", 19),
    importThread(ID.brought9, "NBZZX99009", "La trajo un cliente: pantalla con rayas", "Cambié el flex.", 20),
    // Same board: the fault said in the title, and a newer thread whose reply shares plain words in passing.
    // Same board: the fault (runs hot) without the part, and a newer item naming the part (the CPU) as typed.
    importThread(ID.hot12, "NBZZXCC012", "Runs very hot in games", "Repasted it.", 25),
    importThread(ID.vcore12, "NBZZXCC012", "No vcore on the CPU", "The controller is fine.", 26),
    importThread(ID.burnt11, "NBZZXBB011", "Olor a quemado al enchufarla", "Se nota al abrirla.", 23),
    {
      ...importThread(ID.aside11, "NBZZXBB011", "Pantalla con rayas", "Cambié el flex.", 24),
      posts: [{ author: "alice", body: "Ajustá el tornillo nuevo que está cerca de la bisagra.", created_at: "2026-10-25T00:00:00Z" }],
    },
  ],
};

type Hit = { id: string };
const threadIds = async (q: string) => ((await getJson(`/search?q=${encodeURIComponent(q)}`)).body.data.threads as Hit[]).map((h) => h.id);

beforeAll(async () => {
  await seedSample();
  const outcome = await importContent(env, fixture);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
});

describe("a concept's other phrase, its words apart", () => {
  it("is found with a word between its words: 'hangs at splash' finds 'stuck on the Acer logo'", async () => {
    expect(await threadIds("NBZZX11001 hangs at splash")).toContain(ID.logo);
    expect((await threadIds("hangs at splash"))[0]).toBe(ID.logo);
  });

  it("is still shown as the thesaurus writes it, function words and all", () => {
    const also = interpretationOf(parseQuery("hangs at splash"), () => undefined).concepts?.[0]?.also ?? [];
    expect(also).toContain("stuck on logo");
  });

  it("stays a phrase when it holds a negation (its words apart may say the opposite)", () => {
    const expression = matchExpression(parseQuery("placa muerta"))!;
    expect(expression).toContain('"no power"');
    expect(expression).not.toMatch(/NEAR\([^)]*"(no|not|t|ni|sin|never|nunca)"/);
  });
});

describe("an item's coverage of the query's meaning", () => {
  it("a concept matched in other words ranks above an item of the same board matching only a stray word as typed", async () => {
    const got = await threadIds("NBZZX22002 overheats under load");
    expect(got).toContain(ID.load);
    expect(got.indexOf(ID.hot)).toBeLessThan(got.indexOf(ID.load));
  });

  it("a stop word ('all') counts for nothing: it does not tie a stray match with the meaning", async () => {
    const got = await threadIds("NBZZX22002 overheats all day");
    expect(got).toContain(ID.allDay);
    expect(got.indexOf(ID.hot)).toBeLessThan(got.indexOf(ID.allDay));
  });

  it("a Spanish 'when' ('cuando') counts for nothing either: the meaning outranks 'cuando juego' as typed", async () => {
    const got = await threadIds("NBZZX88008 chilla cuando juego");
    expect(got).toContain(ID.whenGaming8);
    expect(got.indexOf(ID.whine8)).toBeLessThan(got.indexOf(ID.whenGaming8));
  });

  it("a plain word counts where the item states its fault, not in a reply's aside", async () => {
    const got = await threadIds("NBZZXBB011 quemado cerca del tornillo nuevo");
    expect(got).toContain(ID.aside11);
    expect(got.indexOf(ID.burnt11)).toBeLessThan(got.indexOf(ID.aside11));
  });

  it("beside a fault, a part ('cpu') weighs a plain word: the fault in other words outranks the part as typed", async () => {
    const got = await threadIds("NBZZXCC012 cpu at 95c while playing");
    expect(got).toContain(ID.vcore12);
    expect(got.indexOf(ID.hot12)).toBeLessThan(got.indexOf(ID.vcore12));
  });

  it("a concept phrase's single word alone ('battery' of 'battery won't charge') weighs a plain word, not the concept", async () => {
    const got = await threadIds("NBZZX33003 battery won't charge, charger replaced");
    expect(got).toContain(ID.deadEn);
    expect(got.indexOf(ID.chargeEs)).toBeLessThan(got.indexOf(ID.deadEn));
  });

  it("a bare state said of a part ('kb half dead') is the part's: the keyboard's fault ranks above a dead board", async () => {
    const got = await threadIds("NBZZX44004 kb half dead");
    expect(got).toContain(ID.deadBoard);
    expect(got.indexOf(ID.keys)).toBeLessThan(got.indexOf(ID.deadBoard));
  });

  it("a bare state without a part still names the board's fault ('dead' is no power)", async () => {
    expect(parseQuery("NBZZX44004 dead").terms.map((t) => t.concept?.id)).toContain("no-power");
    expect(parseQuery("charger dead").terms.map((t) => t.concept?.id)).not.toContain("no-power");
    expect((await threadIds("NBZZX44004 dead"))[0]).toBe(ID.deadBoard);
  });

  it("with nothing of the meaning matched, the word as typed still ranks", async () => {
    expect((await threadIds("NBZZX22002 full load"))[0]).toBe(ID.load);
  });
});

describe("a word the thesaurus recognised", () => {
  it("is no typo: 'trafo' (a charger) is not corrected to 'trajo' of another item", async () => {
    expect(parseQuery("trafo").terms.map((t) => t.concept?.id)).toEqual(["charger"]);
    const body = (await getJson(`/search?q=${encodeURIComponent("trafo flojo")}`)).body.data;
    const got = (body.threads as Hit[]).map((h) => h.id);
    expect(got).toContain(ID.charger9);
    expect(got).not.toContain(ID.brought9);
    expect(body.interpretation.corrections).toEqual([]);
  });
});

describe("a board number and the word after it", () => {
  it("a whole code followed by a short word stays a code and a word ('NBZZX11001 wet'), not one code", async () => {
    const body = (await getJson(`/search?q=${encodeURIComponent("NBZZX11001 wet")}`)).body.data;
    expect((body.boards as { number: string }[])[0]?.number).toBe("NBZZX11001");
    expect((body.threads as Hit[])[0]?.id).toBe(ID.wet);
  });

  it("a code written with a space is still one code ('LA B162P', '820 00165')", () => {
    expect(parseQuery("LA B162P").terms[0].norm).toBe("LAB162P");
    expect(parseQuery("820 00165").terms[0].norm).toBe("82000165");
  });
});

describe("a concept named in another form of its words", () => {
  it("a verb form the thesaurus does not list (derramaron) names the concept of its listed forms (derrame, derramó)", async () => {
    expect(parseQuery("derramaron").terms[0].concept?.id).toBe("liquid-damage");
    expect(await threadIds("derramaron")).toContain(ID.wet);
  });

  it("a short stem names nothing: 'cortada' (open) is not 'corto' (short)", () => {
    expect(parseQuery("bobina cortada").terms.map((t) => t.concept?.id)).not.toContain("short-circuit");
  });
});

describe("a symptom said as a part and its fault, in words the thesaurus never put together", () => {
  it("'el abanico no gira' (CO: the fan, not spinning) names fan-not-spinning and finds it in English", async () => {
    expect(parseQuery("el abanico no gira").terms.map((t) => t.concept?.id)).toEqual(["fan-not-spinning"]);
    const got = await threadIds("NBZZX55005 el abanico no gira");
    expect(got).toContain(ID.fanFast);
    expect(got.indexOf(ID.fanStill)).toBeLessThan(got.indexOf(ID.fanFast));
  });

  it("any words of the part and of the fault: 'la tele no anda', 'kb dead'", () => {
    expect(parseQuery("la tele no anda").terms.map((t) => t.concept?.id)).toEqual(["external-display-fail"]);
    expect(parseQuery("kb dead").terms.map((t) => t.concept?.id)).toEqual(["keyboard-fail"]);
  });

  it("a part and a fault in either order: 'no anda el teclado', 'dead fan'", () => {
    expect(parseQuery("no anda el teclado").terms.map((t) => t.concept?.id)).toEqual(["keyboard-fail"]);
    expect(parseQuery("dead fan").terms.map((t) => t.concept?.id)).toEqual(["fan-not-spinning"]);
  });

  it("the board is not a part: 'placa muerta' stays no power", () => {
    expect(parseQuery("mother muerta").terms.map((t) => t.concept?.id)).toContain("no-power");
  });
});

describe("a concept's searched words", () => {
  const concept = (id: string) => CONCEPTS.find((c) => c.id === id)!;
  const holds = (outer: string[], inner: string[]) => outer.length > inner.length && outer.some((_, i) => inner.every((t, j) => outer[i + j] === t));

  it("reach past the first 8 of each language: 'no carga la batería' finds 'never charges'", async () => {
    expect(await threadIds("no carga la batería")).toContain(ID.never);
  });

  it("never spend a place on a phrase holding the typed one or another searched one ('no carga la batería' for 'no carga')", () => {
    const typed = ["no", "carga"];
    const searched = expansionsOf(concept("not-charging"), typed);
    expect(searched.map((t) => t.join(" "))).not.toContain("no carga la bateria");
    for (const t of searched) {
      expect(holds(t, typed), t.join(" ")).toBe(false);
      for (const o of searched) expect(holds(t, o), `${t.join(" ")} holds ${o.join(" ")}`).toBe(false);
    }
  });
});

describe("where an item says the concept", () => {
  it("its own statement (title, first post) outweighs a reply's guess: 'riel principal en corto' finds the short first", async () => {
    expect((await threadIds("NBZZX66006 riel principal en corto"))[0]).toBe(ID.mainShort);
  });

  it("a bare phrase that a post's measurement also says is recognised, never searched ('a masa', 'to ground')", () => {
    const concept = CONCEPTS.find((c) => c.id === "short-circuit")!;
    const searched = expansionsOf(concept, ["corto"]).map((t) => t.join(" "));
    expect(searched).not.toContain("a masa");
    expect(searched).not.toContain("to ground");
    expect(searched).toContain("shorted");
    expect(parseQuery("vcore a masa").terms.map((t) => t.concept?.id)).toContain("short-circuit");
  });
});

describe("a Spanish diminutive", () => {
  it("names its word's concept: 'la camarita no funciona', 'la plaquita'", () => {
    expect(parseQuery("la camarita no funciona").terms.map((t) => t.concept?.id)).toContain("webcam-fail");
    expect(parseQuery("la plaquita").terms.map((t) => t.concept?.id)).toContain("board");
  });

  it("is read only when the thesaurus holds its word, and never replaces a word it holds as written", () => {
    expect(parseQuery("el mosquito").terms.some((t) => t.concept)).toBe(false);
    expect(parseQuery("placa").terms.map((t) => t.concept?.id)).toEqual(["board"]);
  });
});

describe("a concept that says another happened too", () => {
  it("corrosion finds liquid damage told in its own words: 'sulfatada' finds 'se mojó con agua'", async () => {
    expect((await threadIds("NBZZX77007 sulfatada"))[0]).toBe(ID.wet7);
  });

  it("searches the other concept's words within the query's bound", () => {
    const alone = parseQuery("sulfatada").terms[0].synonyms?.map((p) => p.tokens.join(" ")) ?? [];
    expect(alone).toContain("se mojo");
    for (const q of ["sulfatada no enciende", "placa sulfatada no enciende se calienta mucho"]) {
      const searched = parseQuery(q).terms.reduce((n, t) => n + (t.synonyms?.length ?? 0), 0);
      expect(searched, q).toBeLessThanOrEqual(MAX_QUERY_EXPANSIONS);
    }
  });
});

describe("a temperature read off a sensor", () => {
  const concepts = (q: string) => parseQuery(q).terms.map((t) => t.concept?.id);
  it("names overheating from 85 °C: 'cpu at 95c', 'llega a 100 grados', '98 degrees'", () => {
    expect(concepts("cpu at 95c while playing")).toContain("overheating");
    expect(concepts("llega a 100 grados")).toContain("overheating");
    expect(concepts("hits 98 degrees")).toContain("overheating");
  });

  it("not below it, and a board number's halves stay a board number", () => {
    expect(concepts("idles at 45c")).not.toContain("overheating");
    expect(parseQuery("820 00165").terms[0].norm).toBe("82000165");
  });
});

describe("a Spanish participle", () => {
  it("names its concept in any gender and number ('pegada a masa' for 'pegado a masa', 'tildadas')", () => {
    expect(parseQuery("pegada a masa").terms.map((t) => t.concept?.id)).toEqual(["short-circuit"]);
    expect(parseQuery("tildadas").terms.map((t) => t.concept?.id)).toEqual(["stuck-logo"]);
    expect(parseQuery("corta").terms.map((t) => t.concept?.id)).toEqual([undefined]);
  });
});

describe("a Spanish verb in -ear (a loanword's too)", () => {
  const concepts = (q: string) => parseQuery(q).terms.map((t) => t.concept?.id);
  it("names its concept in any tense: 'se reseteaba', 'no booteaba', 'se rebooteaba'", () => {
    expect(concepts("se reseteaba")).toEqual(["reboots"]);
    expect(concepts("no booteaba")).toEqual(["no-post"]);
    expect(concepts("se rebooteaba cada rato")).toContain("reboots");
  });

  it("leaves a word that is no verb of the thesaurus alone ('paseaba')", () => {
    expect(concepts("paseaba")).toEqual([undefined]);
  });
});

describe("a word stretched for emphasis", () => {
  const concepts = (q: string) => parseQuery(q).terms.map((t) => t.concept?.id);
  it("is read with its letter once or twice: 'nooo enciende', 'no prendeee', 'keeps rebooooting'", () => {
    expect(concepts("nooo enciende")).toEqual(["no-power"]);
    expect(concepts("no prendeee")).toEqual(["no-power"]);
    expect(concepts("keeps rebooooting")).toEqual(["reboots"]);
  });

  it("a letter written twice stays as written ('speed' is no other word)", () => {
    expect(concepts("carga lenta")).toEqual(["slow-charging"]);
    expect(concepts("fan speed")).not.toContain("no-power");
  });
});
