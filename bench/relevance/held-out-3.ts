// HELD-OUT round 3: meaning queries written and committed before the thesaurus and engine changes they
// judge, and before any of their results was looked at (the rules of bench/relevance/held-out.ts).
// Spanish: how technicians of each country write in forums (MX lap/no jala/se traba, AR tira imagen/
// sulfatada/mate, CL bebida/se pegó, CO computador/no marca, ES petada/no van/trafo, PE malogrado,
// VE cornetas) and bench slang (volado, reventado); English: repair-shop talk (doa, bl, batt, drowned,
// magic smoke, chokes screaming). Each names one item of the demo data by board number and a symptom
// in other words. Never edit one to suit the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_3_CATEGORIES = ["held-out 3 es (regional, slang)", "held-out 3 en (shop talk)", "held-out 3b (es and en)"] as const;
type Category = (typeof HELD_OUT_3_CATEGORIES)[number];
const q = knownItems<Category>();
const ES: Category = "held-out 3 es (regional, slang)";
const EN: Category = "held-out 3 en (shop talk)";
// Written after the round's thesaurus words (by the same hand) and before any engine change that followed:
// measured once before and once after that thesaurus round, never edited.
const LATER: Category = "held-out 3b (es and en)";

export const HELD_OUT_3_QUERIES: KnownItemQuery[] = [
  ...q(ES, "threads", M.prende, "NM-A311 la lap no jala, cero señales de vida"),
  ...q(ES, "threads", M.reinicia, "60NB0B90-MB1300 el computador se apaga y se vuelve a prender sin parar"),
  ...q(ES, "threads", M.black, "NM-B481 el notebook prende pero no tira imagen"),
  ...q(ES, "threads", M.pila, "LA-D821P la batería sigue clavada en 0%"),
  ...q(ES, "threads", M.mojo, "60NR0010-MB1120 tiraron bebida sobre el notebook"),
  ...q(ES, "threads", M.burnt, "LA-B162P la placa quedó petada, olor a chamusquina"),
  ...q(ES, "threads", M.seApaga, "820-3437 desenchufado se muere de la nada"),
  ...q(ES, "threads", M.rayas, "820-3435 el lcd muestra barras y titilea"),
  ...q(ES, "threads", M.logo, "60NB0HU0-MB1810 se traba al bootear"),
  ...q(ES, "threads", M.bocinas, "LA-G671P los altavoces no van"),
  ...q(ES, "threads", M.hot, "MS-16J91 se pone hirviendo al jugar"),
  ...q(ES, "threads", M.keys, "60NB0CF0-MB1310 el teclado no marca algunas letras"),
  ...q(ES, "threads", T.ssd, "6050A2860201 no ve el sólido"),
  ...q(ES, "threads", T.hdmi, "NM-B601 la salida a la tele no anda"),
  ...q(ES, "cases", K.bobina, "LA-K351P no prende, choke reventado"),
  ...q(ES, "cases", K.mudas, "820-02098 no se oyen las cornetas"),
  ...q(ES, "cases", K.water, "820-01987 le cayó mate en el touchpad, placa sulfatada"),
  ...q(ES, "cases", K.fet, "60NB0CF0-MB1310 transistor volado, vcore a masa"),
  ...q(ES, "cases", C.jack, "MS-16P71 el jack de corriente baila"),
  ...q(ES, "cases", C.fans, "820-00840 el cooler suena como turbina"),

  ...q(EN, "threads", M.dead, "820-00165 doa, 0a on the meter"),
  ...q(EN, "threads", M.black, "NM-B481 lcd dark, caps lock toggles"),
  ...q(EN, "threads", M.hot, "MS-16J91 cpu at 95c while playing, frames tank"),
  ...q(EN, "threads", M.reinicia, "60NB0B90-MB1300 bootlooping every few mins"),
  ...q(EN, "threads", M.mojo, "60NR0010-MB1120 drowned board"),
  ...q(EN, "threads", M.seApaga, "820-3437 powers off randomly on batt"),
  ...q(EN, "threads", M.burnt, "LA-B162P cooked by the barrel plug, stinks"),
  ...q(EN, "threads", M.ppbus, "820-01521 main rail reads almost zero to gnd"),
  ...q(EN, "threads", M.keys, "60NB0CF0-MB1310 kb missing letters"),
  ...q(EN, "threads", T.whine, "MS-17C11 screeching when playing"),
  ...q(EN, "threads", T.touchpad, "BA92-16365A clickpad stopped working after kb swap"),
  ...q(EN, "threads", T.backlight, "NM-B491 bl out, torch test passes"),
  ...q(EN, "threads", T.acer, "NBGTK11001 hangs on splash after reflash"),
  ...q(EN, "threads", T.xps, "LA-H811P ac led flashing, won't top up"),
  ...q(EN, "cases", C.coffee, "820-02016 drowned in latte, no life"),
  ...q(EN, "cases", C.buffer, "DA0X8CMB6E0 lcd dark, vga out ok"),
  ...q(EN, "cases", K.water, "820-01987 took a bath, green crust under the shields"),
  ...q(EN, "cases", K.fet, "60NB0CF0-MB1310 vcore to gnd, blown fet"),
  ...q(EN, "cases", C.soc, "NM-C821 vcore reads 0.3 to gnd"),
  ...q(EN, "cases", K.bobina, "LA-K351P no life, busted inductor"),

  ...q(LATER, "threads", M.eliminador, "NM-C121 la fuente de la marca no la reconoce"),
  ...q(LATER, "threads", M.sinImagen, "820-01700 el display oscuro, por la tele anda"),
  ...q(LATER, "threads", M.dead, "820-00165 la mac está finada"),
  ...q(LATER, "threads", M.hot, "MS-16J91 se calienta una barbaridad jugando"),
  ...q(LATER, "threads", M.seApaga, "820-3437 desenchufada se muere al rato"),
  ...q(LATER, "threads", M.mojo, "60NR0010-MB1120 volcaron gaseosa"),
  ...q(LATER, "threads", M.keys, "60NB0CF0-MB1310 varias teclas no responden"),
  ...q(LATER, "threads", T.touchpad, "BA92-16365A el mouse táctil dejó de andar tras cambiar el teclado"),
  ...q(LATER, "threads", T.webcam, "DAG35AMB8D0 la camarita no figura en el administrador de dispositivos"),
  ...q(LATER, "threads", T.kbdLight, "820-00875 las lucecitas de las letras prenden y apagan"),
  ...q(LATER, "cases", C.charge, "NM-A891 la pila no agarra, ya le cambié el eliminador"),
  ...q(LATER, "cases", C.soc, "NM-C821 el vcore del micro a masa"),
  ...q(LATER, "cases", C.audio, "DA0G7BMB6E0 las bocinas no suenan"),
  ...q(LATER, "threads", M.prende, "NM-A311 board's a brick, zero current"),
  ...q(LATER, "threads", M.bocinas, "LA-G671P speakers mute, headphone jack works"),
  ...q(LATER, "threads", M.pila, "LA-D821P batt stuck at 0%, won't charge"),
  ...q(LATER, "threads", M.rayas, "820-3435 lcd has bars and flickers"),
  ...q(LATER, "threads", M.logo, "60NB0HU0-MB1810 freezes on splash screen"),
  ...q(LATER, "threads", M.reinicia, "60NB0B90-MB1300 restarts every couple of mins"),
  ...q(LATER, "threads", M.sinImagen, "820-01700 lcd blank, hdmi out works"),
  ...q(LATER, "threads", T.soda, "LA-F311P 3 beeps after a pepsi spill"),
  ...q(LATER, "threads", T.hdmi, "NM-B601 no signal on the second display"),
  ...q(LATER, "threads", T.ssd, "6050A2860201 nvme not showing in setup"),
  ...q(LATER, "threads", T.vivobook, "60NB0HU0-MB1810 thermal shutdown while gaming"),
  ...q(LATER, "cases", C.jack, "MS-16P71 dc jack came loose from the pads"),
  ...q(LATER, "cases", C.fans, "820-00840 fans going full blast at idle"),
];
