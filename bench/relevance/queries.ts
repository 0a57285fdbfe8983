// Known-item queries for `npm run bench:relevance`, written as a technician types them (phones,
// second languages, part numbers half remembered) BEFORE any result was looked at. Each names the
// one item a good engine ranks first in its group: a board by number, any other item by its title
// (the hand-written items of scripts/demo/known.ts). Never edit a query to suit the engine.

export type Group = "boards" | "documents" | "threads" | "posts" | "cases";

export const CATEGORIES = [
  "board spellings",
  "part number exact",
  "part number partial",
  "one typo",
  "two typos, long words",
  "accents both ways",
  "Spanish word forms",
  "English word forms",
  "symptom plus board",
  "body or page text only",
  "English for Spanish-only (stretch)",
] as const;
export type Category = (typeof CATEGORIES)[number];
export const STRETCH: Category = "English for Spanish-only (stretch)";

export interface KnownItemQuery {
  q: string;
  /** A category of CATEGORIES, or of MEANING_CATEGORIES (bench/relevance/meaning.ts). */
  category: string;
  group: Group;
  /** Board number (boards) or item title (every other group). */
  target: string;
}

// Targets, by title (also used by bench/relevance/meaning.ts).
export const T = {
  battery: "820-01958 no enciende después de cambiar la batería",
  backlight: "T480 backlight not working, picture only visible with a flashlight",
  soda: "Latitude 7490 pita tres veces tras derramar refresco",
  acer: "Aspire 5 stuck on the Acer logo after a firmware update",
  kbdLight: "La retroiluminación del teclado parpadea en un MacBook Pro 2016",
  xps: "XPS 13 9380 charger light blinks, battery never charges",
  vivobook: "VivoBook X512DA se apaga al jugar por sobrecalentamiento",
  whine: "GE75 Raider loud hissing noise from the VRM under load",
  ssd: "ProBook 450 G3 no reconoce el disco SSD",
  touchpad: "Samsung Notebook 9 touchpad unresponsive after keyboard replacement",
  hdmi: "IdeaPad 330: el puerto HDMI no da señal al monitor externo",
  webcam: "EliteBook 840 G5 webcam not detected in Device Manager",
};
export const C = {
  coffee: "820-02016: dead after a coffee spill, vcore controller replaced",
  charge: "NM-A891: la batería no carga, cargador sustituido",
  ec: "LA-E891P: internal keyboard dead, EC reflashed",
  fans: "820-00840: ventiladores al máximo por un sensor de temperatura",
  buffer: "DA0X8CMB6E0: no display, backlight enable missing",
  jack: "MS-16P71: conector de carga desoldado",
  soc: "NM-C821: short on the SoC rail, VDDCR controller replaced",
  audio: "DA0G7BMB6E0: sin sonido por los altavoces",
};
const P = {
  bga: "Reballing de un chip BGA sin levantar pistas",
  mosfet: "Testing MOSFETs in circuit with a multimeter",
  iron: "Qué soldador comprar para microsoldadura",
  paste: "Thermal paste versus thermal pads on laptop GPUs",
};
const D = {
  charger: "Renesas buck-boost charger datasheet (Dell)",
  t480: "ThinkPad T480 display circuit notes",
  manual: "Manual de reparación Latitude 5410: desmontaje y diagnóstico",
  reball: "Reballing guide for PCH chips",
  noImage: "Diagnóstico rápido de placas sin imagen",
};

/** The maker of one set's queries: a category of the set, the group and target, then the queries that should find it. */
export const knownItems =
  <C extends string>() =>
  (category: C, group: Group, target: string, ...queries: string[]): KnownItemQuery[] =>
    queries.map((text) => ({ q: text, category, group, target }));

const q = knownItems<Category>();

export const QUERIES: KnownItemQuery[] = [
  // Board spellings: numbers as people type them.
  ...q("board spellings", "boards", "820-01958", "820 01958", "82001958"),
  ...q("board spellings", "boards", "NM-B491", "nm b491", "nmb491"),
  ...q("board spellings", "boards", "LA-F311P", "la-f311p", "LAF311P"),
  ...q("board spellings", "boards", "LA-H811P", "la h811p"),
  ...q("board spellings", "boards", "6050A2860201", "6050a2860201"),
  ...q("board spellings", "boards", "60NB0HU0-MB1810", "60NB0HU0 MB1810"),
  ...q("board spellings", "boards", "MS-17C11", "ms 17c11"),
  ...q("board spellings", "boards", "BA92-16365A", "ba9216365a"),
  ...q("board spellings", "threads", T.hdmi, "NM B601 hdmi"),
  ...q("board spellings", "threads", T.webcam, "dag35amb8d0 webcam"),
  ...q("board spellings", "threads", T.kbdLight, "820 00875 teclado"),
  ...q("board spellings", "cases", C.jack, "ms16p71 conector"),

  // Part numbers, whole.
  ...q("part number exact", "cases", C.coffee, "ISL95828HRTZ"),
  ...q("part number exact", "cases", C.charge, "BQ24780SRUYR"),
  ...q("part number exact", "cases", C.ec, "MEC1416-NU", "mec1416-nu keyboard"),
  ...q("part number exact", "cases", C.fans, "TMP464AIRGTR", "tmp464airgtr sensor"),
  ...q("part number exact", "cases", C.buffer, "SN74LVC1G07DCKR"),
  ...q("part number exact", "cases", C.soc, "RT3662BQGQW"),
  ...q("part number exact", "cases", C.audio, "ALC3247"),
  ...q("part number exact", "threads", T.battery, "CD3215C00ZQZR"),
  ...q("part number exact", "documents", D.t480, "TPS61181ARTER"),
  ...q("part number exact", "threads", T.xps, "ISL95338HRTZ"),
  ...q("part number exact", "threads", T.acer, "W25Q64JVSIQ"),
  ...q("part number exact", "threads", T.hdmi, "TPD12S016"),

  // Part numbers typed partly: a prefix, or without the package suffix.
  ...q("part number partial", "threads", T.xps, "ISL95338", "isl95338 charger"),
  ...q("part number partial", "cases", C.charge, "BQ24780SR"),
  ...q("part number partial", "cases", C.ec, "MEC1416", "MEC1416 keyboard"),
  ...q("part number partial", "cases", C.fans, "TMP464", "TMP464 ventiladores"),
  ...q("part number partial", "cases", C.buffer, "SN74LVC1G07", "SN74LVC1G"),
  ...q("part number partial", "cases", C.soc, "RT3662BQ"),
  ...q("part number partial", "documents", D.t480, "TPS61181"),
  ...q("part number partial", "threads", T.backlight, "tps61181 backlight"),
  ...q("part number partial", "documents", D.charger, "ISL95338 datasheet"),
  ...q("part number partial", "threads", T.hdmi, "tpd12s"),

  // One typo in a word of five letters or more.
  ...q("one typo", "threads", T.backlight, "backlgiht fuse", "flashligt"),
  ...q("one typo", "threads", T.kbdLight, "retroiluminación del teclado parpdea"),
  ...q("one typo", "threads", T.soda, "pitdos latitude"),
  ...q("one typo", "threads", T.vivobook, "sobrecalentamineto"),
  ...q("one typo", "threads", T.whine, "hissing noize"),
  ...q("one typo", "threads", T.touchpad, "touchpda unresponsive"),
  ...q("one typo", "threads", T.webcam, "webcma not detected"),
  ...q("one typo", "cases", C.jack, "desoldadrua conector"),
  ...q("one typo", "cases", C.fans, "ventiladroes al maximo"),
  ...q("one typo", "posts", P.bga, "estarcdo bolas"),
  ...q("one typo", "posts", P.mosfet, "multimter mosfet"),
  ...q("one typo", "posts", P.paste, "calipers pads thikness"),
  ...q("one typo", "documents", D.manual, "almohadila termica", "bisagrass pantalla"),

  // Two typos in words of nine letters or more.
  ...q("two typos, long words", "threads", T.kbdLight, "retroilminasion teclado"),
  ...q("two typos, long words", "threads", T.vivobook, "sobrecalntamento"),
  ...q("two typos, long words", "threads", T.soda, "corosoin verdosa"),
  ...q("two typos, long words", "cases", C.jack, "desolaudra conector"),
  ...q("two typos, long words", "cases", C.fans, "tenperatuta sensor ventiladores"),
  ...q("two typos, long words", "threads", T.backlight, "flahslihgt"),
  ...q("two typos, long words", "threads", T.touchpad, "unrespnsvie touchpad"),
  ...q("two typos, long words", "posts", P.mosfet, "mutlimeetr mosfet"),
  ...q("two typos, long words", "posts", P.bga, "preclaineta placa"),
  ...q("two typos, long words", "documents", D.manual, "desmotjae latitude"),
  ...q("two typos, long words", "posts", P.paste, "thermal paste thiknes"),
  ...q("two typos, long words", "threads", T.whine, "indutros noise"),
  ...q("two typos, long words", "documents", D.noImage, "prosesadro reloj"),
  ...q("two typos, long words", "threads", T.hdmi, "monitor exterrno proteccoin"),

  // Accents left out, or added where the text has none.
  ...q("accents both ways", "threads", T.battery, "cambiar la bateria no enciende"),
  ...q("accents both ways", "threads", T.kbdLight, "retroiluminacion teclado"),
  ...q("accents both ways", "threads", T.soda, "zocalos de memoria", "corrosion verdosa"),
  ...q("accents both ways", "threads", T.vivobook, "pasta termica cemento"),
  ...q("accents both ways", "documents", D.manual, "codigos de luces ambar"),
  ...q("accents both ways", "documents", D.noImage, "diagnostico rapido sin imagen", "senal de reloj"),
  ...q("accents both ways", "cases", C.jack, "sólo carga cable"),
  ...q("accents both ways", "cases", C.charge, "sólo funciona con cargador bateria 0%"),
  ...q("accents both ways", "cases", C.audio, "codec de audio altavoces"),
  ...q("accents both ways", "posts", P.bga, "tamano exacto estarcido"),
  ...q("accents both ways", "posts", P.iron, "mas vatios no es mas temperatura"),
  ...q("accents both ways", "threads", T.hdmi, "señal monitor externo ningún"),

  // Spanish word forms other than the text's.
  ...q("Spanish word forms", "threads", T.battery, "encender despues de cambiar baterias"),
  ...q("Spanish word forms", "threads", T.kbdLight, "parpadeo retroiluminacion"),
  ...q("Spanish word forms", "threads", T.soda, "derrame refrescos", "dell pitando pantalla negra"),
  ...q("Spanish word forms", "threads", T.vivobook, "apagaba jugando"),
  ...q("Spanish word forms", "threads", T.ssd, "reconocer discos"),
  ...q("Spanish word forms", "threads", T.hdmi, "patillas levantadas monitores externos"),
  ...q("Spanish word forms", "cases", C.charge, "sustituir cargador baterias"),
  ...q("Spanish word forms", "cases", C.fans, "ventilador girando maximo"),
  ...q("Spanish word forms", "cases", C.jack, "conectores desoldados"),
  ...q("Spanish word forms", "cases", C.audio, "altavoz sin sonido"),
  ...q("Spanish word forms", "posts", P.bga, "precalentar placa estarcidos"),
  ...q("Spanish word forms", "posts", P.iron, "puntas finas soldadores"),
  ...q("Spanish word forms", "documents", D.manual, "desmontar bisagra pantalla", "almohadillas termicas disipadores"),

  // English word forms other than the text's.
  ...q("English word forms", "threads", T.backlight, "backlights not work"),
  ...q("English word forms", "threads", T.xps, "blinking charger light"),
  ...q("English word forms", "threads", T.whine, "hissing noises inductor"),
  ...q("English word forms", "threads", T.touchpad, "touchpad responding after replaced keyboard"),
  ...q("English word forms", "threads", T.webcam, "webcams detected device manager"),
  ...q("English word forms", "threads", T.acer, "truncated dumps firmware updates"),
  ...q("English word forms", "posts", P.mosfet, "test shorts mosfets"),
  ...q("English word forms", "posts", P.paste, "overheating gpus pad thick"),
  ...q("English word forms", "cases", C.ec, "reflashing embedded controllers"),
  ...q("English word forms", "cases", C.coffee, "spilled coffee corroded"),
  ...q("English word forms", "cases", C.soc, "heated controllers injected voltage"),
  ...q("English word forms", "documents", D.reball, "reballed pch chip"),
  ...q("English word forms", "cases", C.buffer, "cracked buffers backlight enabling"),
  ...q("English word forms", "threads", T.xps, "charger sense resistors cracking"),

  // A symptom and a board number.
  ...q("symptom plus board", "threads", T.battery, "820-01958 no enciende tras cambiar bateria"),
  ...q("symptom plus board", "threads", T.backlight, "t480 backlight"),
  ...q("symptom plus board", "threads", T.soda, "LA-F311P tres pitidos"),
  ...q("symptom plus board", "threads", T.acer, "nbgtk11001 acer logo"),
  ...q("symptom plus board", "threads", T.kbdLight, "820-00875 teclado parpadea"),
  ...q("symptom plus board", "threads", T.xps, "LA-H811P charger light blinks"),
  ...q("symptom plus board", "threads", T.vivobook, "X512DA se apaga jugando"),
  ...q("symptom plus board", "threads", T.whine, "MS-17C11 coil whine"),
  ...q("symptom plus board", "threads", T.ssd, "6050A2860201 ssd no detecta"),
  ...q("symptom plus board", "threads", T.touchpad, "BA92-16365A touchpad"),
  ...q("symptom plus board", "threads", T.hdmi, "NM-B601 hdmi sin señal"),
  ...q("symptom plus board", "threads", T.webcam, "DAG35AMB8D0 webcam"),
  ...q("symptom plus board", "cases", C.fans, "820-00840 ventiladores al maximo"),
  ...q("symptom plus board", "cases", C.ec, "LA-E891P keyboard not working"),
  ...q("symptom plus board", "cases", C.audio, "DA0G7BMB6E0 altavoces sin sonido"),
  ...q("symptom plus board", "cases", C.soc, "NM-C821 short soc"),

  // Words found only in a body, a reply or a page.
  ...q("body or page text only", "threads", T.battery, "pin doblado conector bateria"),
  ...q("body or page text only", "threads", T.backlight, "eDP connector fuse open"),
  ...q("body or page text only", "threads", T.soda, "refresco de cola"),
  ...q("body or page text only", "threads", T.acer, "dump truncated all FF"),
  ...q("body or page text only", "threads", T.kbdLight, "sensor de luz ambiente", "flex del teclado J4800"),
  ...q("body or page text only", "threads", T.vivobook, "pelusa pasta termica cemento"),
  ...q("body or page text only", "threads", T.whine, "high-temperature glue chokes"),
  ...q("body or page text only", "threads", T.ssd, "pin hundido cable flexible"),
  ...q("body or page text only", "threads", T.touchpad, "ribbon latch flip"),
  ...q("body or page text only", "threads", T.webcam, "3.3 V camera supply fuse lid cable"),
  ...q("body or page text only", "documents", D.t480, "EDP_BKLT_EN"),
  ...q("body or page text only", "documents", D.charger, "ACOK output sense resistor selection"),
  ...q("body or page text only", "documents", D.manual, "luces ámbar y blanco"),
  ...q("body or page text only", "posts", P.bga, "bolas de 0,45 mm con plomo"),
  ...q("body or page text only", "documents", D.noImage, "salida externa panel cable"),

  // Stretch: English queries for items written only in Spanish.
  ...q(STRETCH, "threads", T.battery, "820-01958 won't turn on after battery replacement"),
  ...q(STRETCH, "threads", T.soda, "latitude 7490 beeps three times soda spill"),
  ...q(STRETCH, "threads", T.kbdLight, "keyboard backlight flickering macbook pro 2016"),
  ...q(STRETCH, "threads", T.vivobook, "vivobook shuts down while gaming overheating"),
  ...q(STRETCH, "threads", T.ssd, "probook 450 g3 ssd not detected"),
  ...q(STRETCH, "threads", T.hdmi, "ideapad 330 hdmi no signal external monitor"),
  ...q(STRETCH, "cases", C.charge, "thinkpad battery not charging charger replaced"),
  ...q(STRETCH, "cases", C.fans, "fans full speed temperature sensor 820-00840"),
  ...q(STRETCH, "cases", C.jack, "msi charging port resoldered"),
  ...q(STRETCH, "cases", C.audio, "no sound speakers hp"),
  ...q(STRETCH, "posts", P.bga, "bga reballing without lifting traces"),
  ...q(STRETCH, "posts", P.iron, "which soldering iron to buy microsoldering"),
  ...q(STRETCH, "documents", D.manual, "latitude 5410 disassembly hinges"),
  ...q(STRETCH, "documents", D.noImage, "laptop no image quick diagnosis guide"),
];
