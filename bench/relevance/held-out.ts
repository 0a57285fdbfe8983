// HELD-OUT meaning queries, written before the ranking change they judge and before any of their
// results was looked at: the same style as bench/relevance/meaning.ts (board number + the symptom in
// other words, slang, regional Spanish or the other language), none sharing a word, stem, prefix or near
// spelling with its target (`npm run bench:relevance -- --check`). They stay as written: a change that
// raises meaning.ts but not these has learnt the tuned queries, not the language. Never edit one to suit
// the engine.
import { C, T, type KnownItemQuery, knownItems } from "./queries";
import { K, M } from "./meaning";

export const HELD_OUT_CATEGORIES = ["held-out es", "held-out en", "held-out cross-language"] as const;
type Category = (typeof HELD_OUT_CATEGORIES)[number];
const q = knownItems<Category>();

export const HELD_OUT_QUERIES: KnownItemQuery[] = [
  // Spanish queries for Spanish items: synonyms, regional words (AR, MX, ES, VE), forum slang.
  ...q("held-out es", "threads", M.bocinas, "LA-G671P parlantes sin audio"),
  ...q("held-out es", "threads", M.prende, "NM-A311 está muerta del todo"),
  ...q("held-out es", "threads", M.reinicia, "60NB0B90-MB1300 bootloop"),
  ...q("held-out es", "threads", M.pila, "LA-D821P la batería no sube"),
  ...q("held-out es", "threads", M.mojo, "60NR0010-MB1120 derrame de líquido"),
  ...q("held-out es", "threads", M.mojo, "60NR0010-MB1120 volcaron café sobre el teclado"),
  ...q("held-out es", "threads", M.seApaga, "820-3437 apagones usando la pila"),
  ...q("held-out es", "threads", M.rayas, "820-3435 titila y muestra líneas"),
  ...q("held-out es", "threads", M.logo, "60NB0HU0-MB1810 se tilda al iniciar"),
  ...q("held-out es", "threads", T.vivobook, "60NB0HU0-MB1810 se recalienta y se muere"),
  ...q("held-out es", "threads", T.ssd, "6050A2860201 la unidad sólida no figura"),
  ...q("held-out es", "threads", T.hdmi, "NM-B601 la tele queda sin video"),
  ...q("held-out es", "cases", C.audio, "DA0G7BMB6E0 parlantes mudos"),
  ...q("held-out es", "cases", C.jack, "MS-16P71 jack flojo, falso contacto"),
  ...q("held-out es", "cases", K.bobina, "LA-K351P no da señales de vida, choke roto"),
  ...q("held-out es", "cases", K.mudas, "820-02098 no se escuchan los parlantes"),

  // English queries for English items: synonyms and shop talk.
  ...q("held-out en", "threads", M.dead, "820-00165 won't power up"),
  ...q("held-out en", "threads", M.black, "NM-B481 no pic"),
  ...q("held-out en", "threads", M.hot, "MS-16J91 overheats under load"),
  ...q("held-out en", "threads", M.burnt, "LA-B162P toasted"),
  ...q("held-out en", "threads", M.ppbus, "820-01521 main line dead to gnd"),
  ...q("held-out en", "threads", M.keys, "60NB0CF0-MB1310 some letters not responding"),
  ...q("held-out en", "threads", T.acer, "NBGTK11001 bricked after bios flash"),
  ...q("held-out en", "threads", T.backlight, "NM-B491 lcd dim, barely readable"),
  ...q("held-out en", "threads", T.touchpad, "BA92-16365A trackpad not working"),
  ...q("held-out en", "threads", T.webcam, "DAG35AMB8D0 cam missing"),
  ...q("held-out en", "threads", T.xps, "LA-H811P ac led flashing, stays at zero percent"),
  ...q("held-out en", "threads", T.whine, "MS-17C11 squealing when gaming"),
  ...q("held-out en", "cases", C.coffee, "820-02016 liquid damage, no power"),
  ...q("held-out en", "cases", C.buffer, "DA0X8CMB6E0 dark lcd, hdmi output fine"),
  ...q("held-out en", "cases", K.water, "820-01987 drink on the touchpad, green crud"),
  ...q("held-out en", "cases", K.fet, "60NB0CF0-MB1310 pulls too many amps"),

  // The other language: English for Spanish items, Spanish for English items.
  ...q("held-out cross-language", "threads", M.bocinas, "LA-G671P speakers dead, headphones fine"),
  ...q("held-out cross-language", "threads", M.prende, "NM-A311 won't turn on at all"),
  ...q("held-out cross-language", "threads", M.reinicia, "60NB0B90-MB1300 restarts by itself"),
  ...q("held-out cross-language", "threads", M.seApaga, "820-3437 dies randomly unplugged"),
  ...q("held-out cross-language", "threads", M.logo, "60NB0HU0-MB1810 hangs on boot screen"),
  ...q("held-out cross-language", "threads", T.soda, "LA-F311P beep codes after a coke spill"),
  ...q("held-out cross-language", "threads", T.kbdLight, "820-00875 kb backlight flickering unplugged"),
  ...q("held-out cross-language", "cases", C.fans, "820-00840 fans ramp up at idle"),
  ...q("held-out cross-language", "cases", C.charge, "NM-A891 won't take a charge"),
  ...q("held-out cross-language", "threads", M.black, "NM-B481 enciende pero no hay imagen"),
  ...q("held-out cross-language", "threads", M.burnt, "LA-B162P chamuscado junto al conector de carga"),
  ...q("held-out cross-language", "threads", M.keys, "60NB0CF0-MB1310 teclas muertas"),
  ...q("held-out cross-language", "threads", T.backlight, "NM-B491 sin luz de fondo, se ve con linterna"),
  ...q("held-out cross-language", "threads", T.touchpad, "BA92-16365A el panel táctil no anda"),
  ...q("held-out cross-language", "cases", C.coffee, "820-02016 no enciende tras derramar líquido"),
  ...q("held-out cross-language", "cases", K.fet, "60NB0CF0-MB1310 consumo alto, se calienta el procesador"),
];
