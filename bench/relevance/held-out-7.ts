// HELD-OUT round 7: meaning queries written by the lead on 2026-11-28, committed before the round's thesaurus
// and engine changes were merged and before any of their results was looked at, as the round's fair measure
// (held-out 6 is the engineer's own set, read after its first figure). Same rules as bench/relevance/held-out.ts:
// the board number and the symptom in other words, none sharing a word, stem, prefix or near spelling with its
// target (`npm run bench:relevance -- --check`). Spanish: forum phrasing of several countries (MX no jala, se
// planta; AR al toque, la compu; CL/PE pitea; ES a tope), no accents, shop words; English: shop and forum talk.
// Other items equally relevant are judged in also-relevant.ts by its rule. Never edit one to suit the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_7_CATEGORIES = ["held-out 7 es (regional, colloquial)", "held-out 7 en (shop talk)"] as const;
type Category = (typeof HELD_OUT_7_CATEGORIES)[number];
const q = knownItems<Category>();
const ES: Category = "held-out 7 es (regional, colloquial)";
const EN: Category = "held-out 7 en (shop talk)";

export const HELD_OUT_7_QUERIES: KnownItemQuery[] = [
  ...q(ES, "threads", M.reinicia, "60NB0B90-MB1300 se resetea seguido sin que la toque"),
  ...q(ES, "threads", M.prende, "NM-A311 la compu esta frita, le das al power y cero reaccion"),
  ...q(ES, "threads", M.black, "NM-B481 arranca y se oye windows pero el display oscuro"),
  ...q(ES, "threads", M.pila, "LA-D821P la bateria no jala, horas conectada y sigue igual"),
  ...q(ES, "threads", M.mojo, "60NR0010-MB1120 la empaparon con jugo y tira mucho amperaje"),
  ...q(ES, "threads", M.eliminador, "NM-C121 enchufada al adaptador de la marca el porcentaje queda clavado"),
  ...q(ES, "threads", M.sinImagen, "820-01700 el lcd oscuro, por hdmi sale bien a la tele"),
  ...q(ES, "threads", M.burnt, "LA-B162P huele a quemado, un integrado carbonizado junto a la entrada del cargador"),
  ...q(ES, "threads", M.seApaga, "820-3437 desenchufo el cargador y se muere al toque"),
  ...q(ES, "threads", M.ppbus, "820-01521 la linea principal de 12v esta en corto contra tierra"),
  ...q(ES, "threads", M.rayas, "820-3435 el display con franjas que bailan"),
  ...q(ES, "threads", M.keys, "60NB0CF0-MB1310 algunas teclas muertas, no marcan"),
  ...q(ES, "threads", M.logo, "60NB0HU0-MB1810 se planta en la pantalla de inicio, no llega al escritorio"),
  ...q(ES, "threads", M.hot, "MS-16J91 levanta mucho calor y baja los fps en juegos"),
  ...q(ES, "threads", M.dead, "820-00165 la mac no da señales de vida"),
  ...q(ES, "threads", T.battery, "820-01958 tras el recambio de la pila murio del todo"),
  ...q(ES, "threads", T.kbdLight, "820-00875 el alumbrado del keyboard titila"),
  ...q(ES, "threads", T.hdmi, "NM-B601 conecto la tele por cable y la tele queda en azul"),
  ...q(ES, "threads", T.ssd, "6050A2860201 el m.2 no sale en el setup"),
  ...q(ES, "threads", T.soda, "LA-F311P le cayo gaseosa y pitea"),
  ...q(ES, "threads", T.vivobook, "60NB0HU0-MB1810 calienta mucho con el fortnite y se corta"),
  ...q(ES, "threads", T.whine, "MS-17C11 hace un zumbido agudo cuando le exijo"),
  ...q(ES, "cases", C.charge, "NM-A891 probe otro adaptador y el porcentaje no sube"),
  ...q(ES, "cases", C.jack, "MS-16P71 la ficha del trafo se solto de la placa"),
  ...q(ES, "cases", C.audio, "DA0G7BMB6E0 mudo total, ni un ruido"),
  ...q(ES, "cases", C.fans, "820-00840 parece un secador de pelo, soplando a tope siempre"),
  ...q(ES, "cases", K.bobina, "LA-K351P muerta, la inductancia de 5v cortada"),
  ...q(ES, "cases", K.water, "820-01987 le cayo agua en el touchpad y esta sulfatada"),

  ...q(EN, "threads", M.dead, "820-00165 zero signs of life, no chime"),
  ...q(EN, "threads", M.reinicia, "60NB0B90-MB1300 randomly restarts every few mins"),
  ...q(EN, "threads", M.black, "NM-B481 os loads yet lcd goes dark"),
  ...q(EN, "threads", M.pila, "LA-D821P battery stuck, never tops up"),
  ...q(EN, "threads", M.hot, "MS-16J91 temps through the roof, fps tank"),
  ...q(EN, "threads", M.mojo, "60NR0010-MB1120 liquid damage, now shorted"),
  ...q(EN, "threads", M.burnt, "LA-B162P fried part by the barrel plug, reeks"),
  ...q(EN, "threads", M.seApaga, "820-3437 shuts off the moment AC is pulled"),
  ...q(EN, "threads", M.ppbus, "820-01521 main rail reads 0 to gnd"),
  ...q(EN, "threads", M.rayas, "820-3435 lcd stripes, flashes"),
  ...q(EN, "threads", M.keys, "60NB0CF0-MB1310 a bunch of letters unresponsive"),
  ...q(EN, "threads", M.logo, "60NB0HU0-MB1810 hangs on the manufacturer splash, never reaches windows"),
  ...q(EN, "threads", T.backlight, "NM-B491 faint lcd, can see stuff under a lamp"),
  ...q(EN, "threads", T.webcam, "DAG35AMB8D0 cam gone in the os"),
  ...q(EN, "threads", T.xps, "LA-H811P brick led flashing, stuck at 0%"),
  ...q(EN, "threads", T.whine, "MS-17C11 squealing when gaming"),
  ...q(EN, "threads", T.acer, "NBGTK11001 bricked by a bad flash"),
  ...q(EN, "threads", T.touchpad, "BA92-16365A mousepad ignores me after kb swap"),
  ...q(EN, "cases", C.coffee, "820-02016 latte over it, no power"),
  ...q(EN, "cases", C.soc, "NM-C821 vcore to gnd, new pwm chip"),
  ...q(EN, "cases", C.ec, "LA-E891P onboard kb unresponsive, kbc flashed again"),
  ...q(EN, "cases", C.buffer, "DA0X8CMB6E0 no pic, bl_en low"),
];
