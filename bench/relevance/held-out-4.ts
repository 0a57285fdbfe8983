// HELD-OUT round 4 (the fifth round's fair measure): meaning queries written and committed before the
// round's thesaurus and engine changes and before any of their results was looked at (the rules of
// bench/relevance/held-out.ts: the board number and the symptom in other words, none sharing a word,
// stem, prefix or near spelling with its target, `npm run bench:relevance -- --check`). Spanish: how
// technicians of each country write in forums (AR pegado a masa, de una, amperes; MX se petateó, jugo,
// rebootear; CL pestañea, alimentador; CO no marcan; ES se cuelga, cardenillo, va y viene; VE cornetas);
// English: repair-shop talk (flatlined, tjmax, magic smoke, keeb, won't take juice, dead short).
// Other items equally relevant are judged in also-relevant.ts by its rule. Never edit one to suit the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_4_CATEGORIES = ["held-out 4 es (regional, colloquial)", "held-out 4 en (shop talk)"] as const;
type Category = (typeof HELD_OUT_4_CATEGORIES)[number];
const q = knownItems<Category>();
const ES: Category = "held-out 4 es (regional, colloquial)";
const EN: Category = "held-out 4 en (shop talk)";

export const HELD_OUT_4_QUERIES: KnownItemQuery[] = [
  ...q(ES, "threads", M.bocinas, "LA-G671P las cornetas quedaron calladas"),
  ...q(ES, "threads", M.prende, "NM-A311 se petateó, cero amperes"),
  ...q(ES, "threads", M.reinicia, "60NB0B90-MB1300 se rebootea de la nada"),
  ...q(ES, "threads", M.black, "NM-B481 arranca pero la pantalla queda a oscuras"),
  ...q(ES, "threads", M.pila, "LA-D821P la batería no levanta porcentaje"),
  ...q(ES, "threads", M.mojo, "60NR0010-MB1120 la bañaron en jugo"),
  ...q(ES, "threads", M.eliminador, "NM-C121 el alimentador de fábrica no lo detecta"),
  ...q(ES, "threads", M.sinImagen, "820-01700 el lcd no tira video, con la tele funciona"),
  ...q(ES, "threads", M.burnt, "LA-B162P se achicharró un integrado al lado del plug"),
  ...q(ES, "threads", M.seApaga, "820-3437 sin cargador se muere de una"),
  ...q(ES, "threads", M.ppbus, "820-01521 la línea principal pegada a masa"),
  ...q(ES, "threads", M.rayas, "820-3435 el display muestra bandas y pestañea"),
  ...q(ES, "threads", M.keys, "60NB0CF0-MB1310 hay teclas que no marcan"),
  ...q(ES, "threads", M.logo, "60NB0HU0-MB1810 se cuelga en el splash"),
  ...q(ES, "threads", M.hot, "MS-16J91 levanta mucho calor con juegos"),
  ...q(ES, "threads", T.kbdLight, "820-00875 la iluminación de las letras intermitente"),
  ...q(ES, "cases", C.jack, "MS-16P71 el plug de corriente se mueve"),
  ...q(ES, "cases", K.water, "820-01987 le entró agua, placa con cardenillo"),

  ...q(EN, "threads", M.dead, "820-00165 flatlined on the bench supply"),
  ...q(EN, "threads", M.black, "NM-B481 screen dark though the machine runs"),
  ...q(EN, "threads", M.hot, "MS-16J91 sits at tjmax under load"),
  ...q(EN, "threads", M.reinicia, "60NB0B90-MB1300 random restarts, no bsod"),
  ...q(EN, "threads", M.mojo, "60NR0010-MB1120 spill victim, now it's shorted"),
  ...q(EN, "threads", M.burnt, "LA-B162P crispy part next to the barrel plug, reeks"),
  ...q(EN, "threads", M.ppbus, "820-01521 main rail beeps in continuity to gnd"),
  ...q(EN, "threads", M.keys, "60NB0CF0-MB1310 kb drops letters"),
  ...q(EN, "threads", T.touchpad, "BA92-16365A mousepad dead since the keeb swap"),
  ...q(EN, "threads", T.webcam, "DAG35AMB8D0 cam doesn't enumerate"),
  ...q(EN, "threads", T.whine, "MS-17C11 chirps and squeaks when playing"),
  ...q(EN, "threads", T.xps, "LA-H811P won't take juice"),
  ...q(EN, "cases", C.coffee, "820-02016 drink went in, won't power"),
  ...q(EN, "cases", C.fans, "820-00840 fans screaming at idle"),
  ...q(EN, "cases", C.buffer, "DA0X8CMB6E0 lcd dark, tv out fine"),
  ...q(EN, "cases", K.bobina, "LA-K351P dead, choke open"),
];
