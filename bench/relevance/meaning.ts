// Queries of the meaning categories of `npm run bench:relevance`, written as a technician or an
// assistant types them BEFORE any result was looked at: no query shares a word, stem, prefix or near
// spelling with its target (only the board number, model or product line; `npm run bench:relevance --
// --check` verifies it), so they measure what an engine understands rather than what it matches.
// Scope queries carry graded judgments: the named items 2, any other item of the boards in scope 1.
import { C, T, type KnownItemQuery, knownItems } from "./queries";

export const MEANING_CATEGORIES = [
  "synonyms es",
  "synonyms en",
  "cross-language en->es",
  "cross-language es->en",
  "regional es",
  "colloquial es",
  "shop talk en",
] as const;
export const SCOPE_CATEGORY = "scope ranking (nDCG@10)";

// Targets, by title (scripts/demo/known.ts and scripts/demo/known-meaning.ts).
export const M = {
  bocinas: "Inspiron 15 5570 no se escuchan las bocinas",
  prende: "E470 no prende, ni una luz",
  dead: "820-00165 completely dead, nothing happens on the button",
  reinicia: "GL553VD se reinicia solo cada pocos minutos",
  black: "X1 Carbon 6th gen boots but the panel stays black",
  pila: "Latitude E5470: la pila no agarra carga",
  hot: "GS63VR runs very hot and throttles in games",
  mojo: "Strix G531GT se mojó con agua y ahora hace cortocircuito",
  eliminador: "ThinkPad E490: con el eliminador original no carga",
  sinImagen: "A1990 sin imagen en la pantalla interna, con monitor externo sí",
  burnt: "Inspiron 3542 burnt smell and a scorched chip near the DC jack",
  seApaga: "MacBook Air 2013 se apaga de golpe con batería",
  ppbus: "A1932 PPBUS shorted to ground",
  rayas: "MacBook Air 11 la pantalla tiene rayas y parpadea",
  keys: "X541UA keyboard types nothing on several keys",
  logo: "VivoBook X512DA se queda en el logo de Asus",
};
export const K = {
  bobina: "LA-K351P: no enciende, bobina del riel de 5 V abierta",
  mudas: "820-02098: bocinas mudas, códec de audio resoldado",
  water: "820-01987: water on the trackpad, board corroded",
  fet: "60NB0CF0-MB1310: hot chip, CPU rail short, MOSFET replaced",
};
type Category = (typeof MEANING_CATEGORIES)[number];
const q = knownItems<Category>();

export const MEANING_QUERIES: KnownItemQuery[] = [
  // Spanish words the target does not use: regional, colloquial, another synonym.
  ...q("synonyms es", "threads", M.bocinas, "LA-G671P parlantes mudos", "LA-G671P no hay audio en los altavoces"),
  ...q("synonyms es", "threads", M.prende, "NM-A311 no enciende", "NM-A311 no arranca placa muerta"),
  ...q("synonyms es", "threads", M.reinicia, "60NB0B90-MB1300 se resetea constantemente"),
  ...q("synonyms es", "threads", M.eliminador, "NM-C121 no reconoce el adaptador de corriente"),
  ...q("synonyms es", "threads", M.sinImagen, "820-01700 no da video en el display"),
  ...q("synonyms es", "threads", M.seApaga, "820-3437 muere de repente usando la pila"),
  ...q("synonyms es", "threads", T.battery, "820-01958 no prende tras reemplazar la pila"),
  ...q("synonyms es", "threads", M.rayas, "820-3435 líneas en el display y titila"),
  ...q("synonyms es", "threads", M.mojo, "60NR0010-MB1120 daño por líquido"),
  ...q("synonyms es", "threads", M.logo, "60NB0HU0-MB1810 colgada en la pantalla de inicio"),
  ...q("synonyms es", "cases", K.bobina, "LA-K351P no prende inductor cortado"),
  ...q("synonyms es", "cases", K.mudas, "820-02098 altavoces sin sonido"),
  ...q("synonyms es", "cases", C.audio, "DA0G7BMB6E0 no suenan las bocinas"),
  ...q("synonyms es", "cases", C.fans, "820-00840 coolers a tope"),
  ...q("synonyms es", "cases", C.charge, "NM-A891 pila no se llena, eliminador cambiado"),
  ...q("synonyms es", "cases", C.jack, "MS-16P71 jack de corriente suelto"),
  ...q("synonyms es", "threads", T.vivobook, "60NB0HU0-MB1810 se calienta y se corta"),
  ...q("synonyms es", "threads", T.ssd, "6050A2860201 no ve la unidad sólida"),
  ...q("synonyms es", "threads", T.hdmi, "NM-B601 la tele no muestra nada"),

  // English words the target does not use: shop slang, another synonym.
  ...q("synonyms en", "threads", M.dead, "820-00165 won't power on", "820-00165 no power"),
  ...q("synonyms en", "threads", M.black, "NM-B481 no display", "NM-B481 no video"),
  ...q("synonyms en", "threads", M.hot, "MS-16J91 overheating", "MS-16J91 overheats fps tank"),
  ...q("synonyms en", "threads", M.burnt, "LA-B162P fried"),
  ...q("synonyms en", "threads", M.ppbus, "820-01521 main rail low impedance to gnd"),
  ...q("synonyms en", "threads", M.keys, "60NB0CF0-MB1310 some buttons dead on the kb"),
  ...q("synonyms en", "threads", T.xps, "LA-H811P ac led flashing, not filling up"),
  ...q("synonyms en", "threads", T.backlight, "NM-B491 lcd dim, need a torch to read it"),
  ...q("synonyms en", "threads", T.whine, "MS-17C11 buzzing"),
  ...q("synonyms en", "threads", T.acer, "NBGTK11001 hangs at splash"),
  ...q("synonyms en", "threads", T.touchpad, "BA92-16365A trackpad dead"),
  ...q("synonyms en", "threads", T.webcam, "DAG35AMB8D0 cam not showing up"),
  ...q("synonyms en", "cases", C.coffee, "820-02016 won't turn on after liquid"),
  ...q("synonyms en", "cases", C.ec, "LA-E891P kb not typing"),
  ...q("synonyms en", "cases", C.buffer, "DA0X8CMB6E0 no video"),
  ...q("synonyms en", "cases", C.soc, "NM-C821 processor vcore to gnd"),
  ...q("synonyms en", "cases", K.water, "820-01987 liquid damage"),
  ...q("synonyms en", "cases", K.fet, "60NB0CF0-MB1310 fet blown, heats up"),

  // English queries for items written only in Spanish.
  ...q("cross-language en->es", "threads", M.bocinas, "LA-G671P no sound from speakers"),
  ...q("cross-language en->es", "threads", M.prende, "NM-A311 no power"),
  ...q("cross-language en->es", "threads", M.reinicia, "60NB0B90-MB1300 random reboots"),
  ...q("cross-language en->es", "threads", M.pila, "LA-D821P battery not charging"),
  ...q("cross-language en->es", "threads", M.mojo, "60NR0010-MB1120 liquid damage short"),
  ...q("cross-language en->es", "threads", M.eliminador, "NM-C121 oem adapter not charging"),
  ...q("cross-language en->es", "threads", M.sinImagen, "820-01700 built-in display black, hdmi ok"),
  ...q("cross-language en->es", "threads", M.seApaga, "820-3437 shuts down on battery"),
  ...q("cross-language en->es", "threads", M.rayas, "820-3435 screen lines flickering"),
  ...q("cross-language en->es", "threads", M.logo, "60NB0HU0-MB1810 frozen at boot splash"),
  ...q("cross-language en->es", "threads", T.battery, "820-01958 won't turn on after battery swap"),
  ...q("cross-language en->es", "threads", T.soda, "LA-F311P three beeps after soda spill"),
  ...q("cross-language en->es", "threads", T.kbdLight, "820-00875 keyboard backlight flickers"),
  ...q("cross-language en->es", "threads", T.vivobook, "60NB0HU0-MB1810 shuts off while gaming, overheating"),
  ...q("cross-language en->es", "threads", T.ssd, "6050A2860201 hard drive not showing up"),
  ...q("cross-language en->es", "threads", T.hdmi, "NM-B601 second screen blank"),
  ...q("cross-language en->es", "cases", C.charge, "NM-A891 battery won't charge, charger replaced"),
  ...q("cross-language en->es", "cases", C.fans, "820-00840 fans full speed"),
  ...q("cross-language en->es", "cases", C.jack, "MS-16P71 dc jack loose"),
  ...q("cross-language en->es", "cases", C.audio, "DA0G7BMB6E0 speakers silent"),
  ...q("cross-language en->es", "cases", K.bobina, "LA-K351P no power, open coil"),
  ...q("cross-language en->es", "cases", K.mudas, "820-02098 speakers silent"),

  // Spanish queries for items written only in English.
  ...q("cross-language es->en", "threads", M.dead, "820-00165 no enciende", "820-00165 placa muerta", "820-00165 no prende"),
  ...q("cross-language es->en", "threads", M.black, "NM-B481 sin imagen", "NM-B481 pantalla negra"),
  ...q("cross-language es->en", "threads", M.hot, "MS-16J91 se calienta mucho"),
  ...q("cross-language es->en", "threads", M.burnt, "LA-B162P olor a quemado", "LA-B162P componente quemado"),
  ...q("cross-language es->en", "threads", M.ppbus, "820-01521 corto a tierra"),
  ...q("cross-language es->en", "threads", M.keys, "60NB0CF0-MB1310 teclado no escribe"),
  ...q("cross-language es->en", "threads", T.backlight, "NM-B491 sin retroiluminación"),
  ...q("cross-language es->en", "threads", T.acer, "NBGTK11001 colgada al iniciar"),
  ...q("cross-language es->en", "threads", T.xps, "LA-H811P no carga la batería"),
  ...q("cross-language es->en", "threads", T.whine, "MS-17C11 ruido de bobinas"),
  ...q("cross-language es->en", "threads", T.touchpad, "BA92-16365A panel táctil muerto"),
  ...q("cross-language es->en", "cases", C.coffee, "820-02016 muerta tras derrame de café"),
  ...q("cross-language es->en", "cases", C.ec, "LA-E891P teclado no escribe"),
  ...q("cross-language es->en", "cases", C.buffer, "DA0X8CMB6E0 sin video"),
  ...q("cross-language es->en", "cases", C.soc, "NM-C821 corto en la línea del procesador"),
  ...q("cross-language es->en", "cases", K.water, "820-01987 daño por líquido"),
  ...q("cross-language es->en", "cases", K.fet, "60NB0CF0-MB1310 transistor en corto, placa caliente"),
  // Written for issue 42 before the thesaurus grew and before any result was looked at: how a
  // technician of each country writes in a forum (compu, notebook, ordenador, tildarse, cornetas…).
  ...q("regional es", "threads", M.dead, "820-00165 la compu no da señales de vida", "820-00165 el ordenador no arranca"),
  ...q("regional es", "threads", M.prende, "NM-A311 el notebook no enciende"),
  ...q("regional es", "threads", M.black, "NM-B481 la laptop enciende pero pantalla en negro"),
  ...q("regional es", "threads", M.bocinas, "LA-G671P altavoces mudos", "LA-G671P cornetas sin audio"),
  ...q("regional es", "threads", M.logo, "60NB0HU0-MB1810 tildada en la pantalla de inicio"),
  ...q("regional es", "threads", M.pila, "LA-D821P la batería no se llena"),
  ...q("regional es", "threads", M.seApaga, "820-3437 se muere solo con la pila"),
  ...q("regional es", "threads", M.hot, "MS-16J91 se recalienta jugando"),
  ...q("regional es", "cases", K.mudas, "820-02098 no se oyen los parlantes"),
  ...q("regional es", "threads", M.eliminador, "NM-C121 no reconoce el transformador"),

  // Spanish repair-shop talk: the words of forums, not of manuals.
  ...q("colloquial es", "threads", M.prende, "NM-A311 notebook muerta"),
  ...q("colloquial es", "threads", M.reinicia, "60NB0B90-MB1300 se resetea todo el tiempo"),
  ...q("colloquial es", "threads", M.black, "NM-B481 prende pero no da video"),
  ...q("colloquial es", "threads", M.mojo, "60NR0010-MB1120 equipo sulfatado"),
  ...q("colloquial es", "threads", M.burnt, "LA-B162P echó humo"),
  ...q("colloquial es", "threads", M.ppbus, "820-01521 riel principal en corto a masa"),
  ...q("colloquial es", "threads", M.rayas, "820-3435 franjas en el lcd"),
  ...q("colloquial es", "threads", M.keys, "60NB0CF0-MB1310 no andan algunas teclas"),
  ...q("colloquial es", "cases", K.bobina, "LA-K351P muerta, choke cortado"),
  ...q("colloquial es", "cases", K.water, "820-01987 se mojó y tiene verdín"),
  ...q("colloquial es", "cases", K.fet, "60NB0CF0-MB1310 vcore en corto, fet quemado"),
  ...q("colloquial es", "threads", M.sinImagen, "820-01700 no da video, por hdmi anda"),

  // English shop talk.
  ...q("shop talk en", "threads", M.dead, "820-00165 no signs of life"),
  ...q("shop talk en", "threads", M.black, "NM-B481 lcd dark, no video"),
  ...q("shop talk en", "threads", M.hot, "MS-16J91 temps through the roof"),
  ...q("shop talk en", "threads", M.reinicia, "60NB0B90-MB1300 keeps power cycling"),
  ...q("shop talk en", "threads", M.mojo, "60NR0010-MB1120 water damage"),
  ...q("shop talk en", "threads", M.seApaga, "820-3437 cuts out on battery power"),
  ...q("shop talk en", "threads", M.prende, "NM-A311 dead, no amp draw"),
  ...q("shop talk en", "threads", M.burnt, "LA-B162P charred by the power port"),
  ...q("shop talk en", "threads", M.ppbus, "820-01521 main rail pulled down to gnd"),
  ...q("shop talk en", "threads", M.keys, "60NB0CF0-MB1310 kb half dead"),
  ...q("shop talk en", "cases", K.water, "820-01987 coffee on it, green gunk"),
  ...q("shop talk en", "cases", K.fet, "60NB0CF0-MB1310 fried fet on vcore"),
  ...q("shop talk en", "cases", K.bobina, "LA-K351P no power, blown inductor"),
];

/** A model, board or product line plus a symptom; graded: `targets` 2, other items of `scope` boards 1. */
export interface ScopeQuery {
  q: string;
  group: "threads" | "cases";
  targets: string[];
  /** Board numbers the query names (by number, model, platform, product line or manufacturer). */
  scope: string[];
}

const THINKPADS = ["NM-A311", "NM-B491", "NM-A891", "NM-B481", "NM-C121"];
const MACBOOKS = ["820-00165", "820-3437", "820-3435", "820-00840", "820-00875", "820-00928", "820-01521", "820-01700", "820-01958"];
const MACBOOKS_2019 = ["820-01987", "820-02016", "820-02020", "820-02098"];
const DELL = ["LA-E891P", "LA-D821P", "LA-F311P", "LA-G671P", "LA-B162P", "LA-K351P", "LA-H811P"];

const s = (q: string, targets: string[], scope: string[], group: "threads" | "cases" = "threads"): ScopeQuery => ({ q, group, targets, scope });

export const SCOPE_QUERIES: ScopeQuery[] = [
  s("XPS 13 9380 no carga", [T.xps], ["LA-H811P"]),
  s("Latitude 7490 liquid damage", [T.soda], ["LA-F311P"]),
  s("ThinkPad T480 sin retroiluminación", [T.backlight], ["NM-B491"]),
  s("T480 pantalla oscura", [T.backlight], ["NM-B491"]),
  s("A1932 won't turn on", [T.battery], ["820-01521", "820-01958"]),
  s("MacBook Pro 13 2016 keyboard backlight", [T.kbdLight], ["820-00840", "820-00875"]),
  s("Aspire 5 bricked after bios update", [T.acer], ["NBGTK11001"]),
  s("VivoBook X512DA overheating", [T.vivobook], ["60NB0HU0-MB1810"]),
  s("GE75 Raider coil whine", [T.whine], ["MS-17C11"]),
  s("ProBook 450 G3 ssd no detectado", [T.ssd], ["6050A2860201"]),
  s("IdeaPad 330 no hdmi output", [T.hdmi], ["NM-B601"]),
  s("EliteBook 840 G5 camera", [T.webcam], ["DAG35AMB8D0"]),
  s("Inspiron 5570 no sound", [M.bocinas], ["LA-G671P"]),
  s("E470 dead", [M.prende], ["NM-A311"]),
  s("GL553VD reboots", [M.reinicia], ["60NB0B90-MB1300"]),
  s("X1 Carbon no image", [M.black], ["NM-B481"]),
  s("Strix G531GT water spill", [M.mojo], ["60NR0010-MB1120"]),
  s("E490 not charging", [M.eliminador], ["NM-C121"]),
  s("MacBook Air 2013 shutting off", [M.seApaga], ["820-3437", "820-3435"]),
  s("Samsung Notebook 9 touchpad dead", [T.touchpad], ["BA92-16365A"]),
  s("ThinkPad no enciende", [M.prende], THINKPADS),
  s("Dell speakers not working", [M.bocinas], DELL),
  s("MacBook no power", [M.dead, T.battery], [...MACBOOKS, ...MACBOOKS_2019]),
  s("Latitude 5410 sin encender", [K.bobina], ["LA-K351P"], "cases"),
  s("MacBook Pro 16 2019 liquid", [C.coffee], ["820-02016"], "cases"),
];
