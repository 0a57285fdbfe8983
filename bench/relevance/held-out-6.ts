// HELD-OUT round 6 (the seventh round's fair measure): meaning queries written and committed before the
// round's thesaurus and engine changes and before any of their results was looked at (the rules of
// bench/relevance/held-out.ts: the board number and the symptom in other words, none sharing a word,
// stem, prefix or near spelling with its target, `npm run bench:relevance -- --check`). Spanish: forum
// phrasing of each country, no accents, slang, symptoms described rather than named, board numbers
// written loosely (nma311, 82000165): MX (foquitos, jala, truenan, se muere en seco, un refresco), AR/UY
// voseo (apretás, no me toma el sólido, el trafo, re muerta), CL (no sale na, pestañea, la lucecita), CO
// (el abanico, suena como avión), VE (se pega, cuando le da la gana), PE (no bota video, inca kola), ES
// (falso contacto, la clavija, el acumulador). English: shop talk of badcaps, the Rossmann forum and
// r/boardrepair (zilch, drowned, cc mode, full tilt, keeb, brick for the charger). Other items equally
// relevant are judged in also-relevant.ts by its rule. Never edit one to suit the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_6_CATEGORIES = ["held-out 6 es (regional, colloquial)", "held-out 6 en (shop talk)"] as const;
type Category = (typeof HELD_OUT_6_CATEGORIES)[number];
const q = knownItems<Category>();
const ES: Category = "held-out 6 es (regional, colloquial)";
const EN: Category = "held-out 6 en (shop talk)";

export const HELD_OUT_6_QUERIES: KnownItemQuery[] = [
  ...q(ES, "threads", M.prende, "nma311 la laptop no responde al power, cero foquitos"),
  ...q(ES, "threads", M.dead, "82000165 la mac esta re muerta, apretas el boton y nada"),
  ...q(ES, "threads", M.pila, "lad821p la bateria no sube del 0% con la corriente puesta"),
  ...q(ES, "threads", M.bocinas, "la-g671p se quedo sin audio, los parlantes no tiran ni un ruido"),
  ...q(ES, "threads", M.reinicia, "60NB0B90-MB1300 la compu se apaga y arranca otra vez sin que nadie la toque"),
  ...q(ES, "threads", M.black, "nm-b481 prende normal pero no bota video ni en la pantalla ni por hdmi"),
  ...q(ES, "threads", M.mojo, "60NR0010-MB1120 derramaron refresco sobre la tarjeta y jala mucha corriente"),
  ...q(ES, "threads", M.eliminador, "nm-c121 con el adaptador de la marca la bateria no se llena"),
  ...q(ES, "threads", M.sinImagen, "820-01700 el panel del macbook no muestra nada, por la tele va bien"),
  ...q(ES, "threads", M.burnt, "lab162p se quemo un integrado junto a la entrada del cargador y tiene un olor feo"),
  ...q(ES, "threads", M.seApaga, "820-3437 sin el eliminador se muere en seco, conectado jala normal"),
  ...q(ES, "threads", M.ppbus, "820-01521 la linea de 12v esta en corto con tierra"),
  ...q(ES, "threads", M.rayas, "820-3435 el lcd se ve con lineas y hace flicker"),
  ...q(ES, "threads", M.keys, "60nb0cf0-mb1310 varias teclas no responden, ya le puse teclado nuevo y nada"),
  ...q(ES, "threads", M.logo, "x512da se pega en la pantalla de inicio, no avanza"),
  ...q(ES, "threads", M.hot, "ms-16j91 cuando juego calienta una barbaridad y se pone lenta"),
  ...q(ES, "threads", T.kbdLight, "820-00875 la iluminacion del keyboard titila al desenchufarla"),
  ...q(ES, "threads", T.whine, "ms-17c11 hace un zumbido agudo cuando la pongo a jugar"),
  ...q(ES, "threads", T.battery, "820-01958 sustitui la pila y ahora el mac no hace nada"),
  ...q(ES, "threads", T.ssd, "6050a2860201 no me toma el solido"),
  ...q(ES, "threads", T.hdmi, "nmb601 al enchufar el proyector no sale na, en el notebook se ve bien"),
  ...q(ES, "threads", T.soda, "la-f311p le cayo inca kola, prende y solo hace bip bip bip"),
  ...q(ES, "threads", T.acer, "nbgtk11001 despues de actualizar el bios se queda trabada al iniciar"),
  ...q(ES, "cases", C.charge, "nm-a891 cambie el trafo y la pila sigue sin subir"),
  ...q(ES, "cases", C.jack, "ms-16p71 la clavija hace falso contacto, hay que menearla"),
  ...q(ES, "cases", C.audio, "da0g7bmb6e0 las bocinas ya no suenan pero con audifonos jala"),
  ...q(ES, "cases", C.fans, "820-00840 el abanico suena como avion apenas prende"),
  ...q(ES, "cases", K.water, "820-01987 le cayo agua y ahora se apaga cuando le da la gana"),
  ...q(ES, "cases", K.bobina, "lak351p no da señales de vida, la inductancia de los 5v cortada"),
  ...q(ES, "cases", K.mudas, "820-02098 no se oye nada por los altavoces del mac"),
  ...q(ES, "cases", C.coffee, "820-02016 le volcaron un cafe encima y quedo muerta"),
  ...q(ES, "cases", C.soc, "nm-c821 la lucecita pestañea una vez y despues muere"),

  ...q(EN, "threads", M.prende, "nma311 hit the power button, zilch. no draw on the psu"),
  ...q(EN, "threads", M.reinicia, "60nb0b90-mb1300 restarts out of nowhere every few mins"),
  ...q(EN, "threads", M.pila, "la-d821p battery sits at 0%, says plugged in not charging"),
  ...q(EN, "threads", M.mojo, "60nr0010-mb1120 drowned, now the psu hits current limit"),
  ...q(EN, "threads", M.eliminador, "nmc121 genuine adapter plugged in, battery won't fill"),
  ...q(EN, "threads", M.sinImagen, "820-01700 built-in screen dead, works fine on an external display"),
  ...q(EN, "threads", M.seApaga, "820-3437 cuts out the moment you pull the charger"),
  ...q(EN, "threads", M.rayas, "820-3435 lcd full of lines, flickers when the hinge moves"),
  ...q(EN, "threads", M.logo, "60nb0hu0-mb1810 frozen on the boot screen, f2 does nothing"),
  ...q(EN, "threads", M.bocinas, "la-g671p no sound out of the speakers, earbuds work"),
  ...q(EN, "threads", M.black, "nmb481 runs fine, lcd and an hdmi screen both remain dark"),
  ...q(EN, "threads", T.battery, "820-01958 swapped the batt and now it's totally dead"),
  ...q(EN, "threads", T.ssd, "6050a2860201 drive not showing, tried a known good one"),
  ...q(EN, "threads", T.hdmi, "nm-b601 tv out dead, laptop panel ok"),
  ...q(EN, "threads", T.kbdLight, "820-00875 keyboard glow strobes when it's off the charger"),
  ...q(EN, "threads", T.vivobook, "x512da powers off in games, temps insane"),
  ...q(EN, "cases", C.charge, "nm-a891 battery stuck at 0%, already tried another charger"),
  ...q(EN, "cases", C.jack, "ms-16p71 only charges if you hold the plug at an angle"),
  ...q(EN, "cases", C.audio, "da0g7bmb6e0 speakers quiet, headphone jack works"),
  ...q(EN, "cases", C.fans, "820-00840 fans full tilt from the moment it boots"),
  ...q(EN, "cases", C.ec, "lae891p built-in keys do nothing, plug-in keeb is fine"),
  ...q(EN, "cases", K.fet, "60nb0cf0-mb1310 psu goes cc instantly, something cooking by the processor"),
  ...q(EN, "cases", C.buffer, "da0x8cmb6e0 picture only over hdmi, laptop lcd dark"),
];
