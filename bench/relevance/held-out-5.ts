// HELD-OUT round 5 (the sixth round's fair measure): meaning queries written and committed before the
// round's thesaurus and engine changes and before any of their results was looked at (the rules of
// bench/relevance/held-out.ts: the board number and the symptom in other words, none sharing a word,
// stem, prefix or near spelling with its target, `npm run bench:relevance -- --check`). Spanish: forum and
// WhatsApp phrasing of each country, slips and missing accents, voseo, Spanglish (AR la mother, el mate,
// la ficha, coolers a full; MX se rebutea, no bootea; PE se malograron; CO no sirve; ES el portátil se
// corta; everywhere flickea, chilla, nooo); English: shop and forum talk (zero draw, dead short, splash
// screen, magic smoke, no POST, latte all over it). Other items equally relevant are judged in
// also-relevant.ts by its rule. Never edit one to suit the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_5_CATEGORIES = ["held-out 5 es (regional, colloquial)", "held-out 5 en (shop talk)"] as const;
type Category = (typeof HELD_OUT_5_CATEGORIES)[number];
const q = knownItems<Category>();
const ES: Category = "held-out 5 es (regional, colloquial)";
const EN: Category = "held-out 5 en (shop talk)";

export const HELD_OUT_5_QUERIES: KnownItemQuery[] = [
  ...q(ES, "threads", M.reinicia, "60NB0B90-MB1300 se rebutea x su cuenta"),
  ...q(ES, "threads", M.prende, "NM-A311 nooo enciende, esta finadita"),
  ...q(ES, "threads", M.black, "NM-B481 enciende pero el display queda todo negro"),
  ...q(ES, "threads", M.pila, "LA-D821P la bat se clava en 0% con el trafo puesto"),
  ...q(ES, "threads", M.mojo, "60NR0010-MB1120 me volcaron mate arriba"),
  ...q(ES, "threads", M.eliminador, "NM-C121 con el transformador de fabrica no sube el porcentaje"),
  ...q(ES, "threads", M.sinImagen, "820-01700 el panel no da video, conectada a la tv anda"),
  ...q(ES, "threads", M.burnt, "LA-B162P olor a chamuscado y un integrado tostado al lado del pin de carga"),
  ...q(ES, "threads", M.seApaga, "820-3437 el portatil muere en cuanto quito el cargador"),
  ...q(ES, "threads", M.ppbus, "820-01521 el riel principal da continuidad a gnd"),
  ...q(ES, "threads", M.rayas, "820-3435 display con franjas que flickea"),
  ...q(ES, "threads", M.keys, "60NB0CF0-MB1310 se malograron varias teclas, no escriben"),
  ...q(ES, "threads", M.logo, "60NB0HU0-MB1810 se freezea al bootear, no pasa a windows, que me recomendás?"),
  ...q(ES, "threads", M.hot, "MS-16J91 quema de lo caliente que se pone jugando"),
  ...q(ES, "threads", T.kbdLight, "820-00875 el backlight del keyboard prende y apaga solo"),
  ...q(ES, "threads", T.whine, "MS-17C11 chilla la placa cuando juego"),
  ...q(ES, "threads", T.battery, "820-01958 puse pila nueva y la mother no da señales"),
  ...q(ES, "threads", T.ssd, "6050A2860201 la unidad nvme no figura"),
  ...q(ES, "threads", T.hdmi, "NM-B601 la salida de video a la tv no sirve"),
  ...q(ES, "threads", T.soda, "LA-F311P se le volco coca y hace bip bip"),
  ...q(ES, "threads", T.acer, "NBGTK11001 no bootea despues de flashear la bios"),
  ...q(ES, "cases", C.charge, "NM-A891 la pila no sube aunque puse otro transformador"),
  ...q(ES, "cases", C.jack, "MS-16P71 la ficha del trafo baila, hay que buscarle la vuelta"),
  ...q(ES, "cases", C.audio, "DA0G7BMB6E0 no suena ni un pio por los parlantes"),
  ...q(ES, "cases", C.fans, "820-00840 los coolers a full todo el tiempo"),
  ...q(ES, "cases", K.water, "820-01987 la mojaron, placa verde de oxido"),

  ...q(EN, "threads", M.dead, "820-00165 board won't come on, zero draw"),
  ...q(EN, "threads", M.reinicia, "60NB0B90-MB1300 keeps rebooting on its own"),
  ...q(EN, "threads", M.black, "NM-B481 lcd goes dark yet windows runs"),
  ...q(EN, "threads", M.mojo, "60NR0010-MB1120 got soaked, now it's a dead short"),
  ...q(EN, "threads", M.pila, "LA-D821P won't take a charge"),
  ...q(EN, "threads", M.logo, "60NB0HU0-MB1810 stuck on the splash screen"),
  ...q(EN, "threads", M.hot, "MS-16J91 cooks itself under load"),
  ...q(EN, "threads", M.bocinas, "LA-G671P speakers went silent"),
  ...q(EN, "threads", M.seApaga, "820-3437 dies instantly when unplugged"),
  ...q(EN, "threads", M.burnt, "LA-B162P fried component next to the power port, stinks"),
  ...q(EN, "threads", M.rayas, "820-3435 lcd has stripes and flickers"),
  ...q(EN, "threads", T.backlight, "NM-B491 lcd super faint, can barely make out anything"),
  ...q(EN, "threads", T.webcam, "DAG35AMB8D0 cam not showing up in windows"),
  ...q(EN, "threads", T.xps, "LA-H811P stuck at 0 percent, brick's led flashing"),
  ...q(EN, "threads", T.vivobook, "60NB0HU0-MB1810 shuts off mid-game, runs too hot"),
  ...q(EN, "threads", T.acer, "NBGTK11001 no POST since flashing the bios"),
  ...q(EN, "cases", C.coffee, "820-02016 latte went into it, won't start"),
  ...q(EN, "cases", C.buffer, "DA0X8CMB6E0 fans spin, lcd shows nothing"),
  ...q(EN, "cases", C.ec, "LA-E891P built-in kb not typing"),
];
