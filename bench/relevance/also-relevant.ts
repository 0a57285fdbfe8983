// Other items that answer a meaning query as well as its named target, written from the demo data
// (scripts/demo: the items of the query's board in its group), never from the engine's results.
//
// The rule: an item of the query's board, in the query's group, is as relevant as the named target when
// it reports the fault the query names (in any words: the demo's generated threads say "no enciende,
// falta +3VS", "muerta: sin +3VALW y sin consumo", "no power, PP3V3_S5 missing" for one dead board), and
// the query names no further condition the item does not state: after a battery swap, after a spill,
// with the original charger, on battery, a flashing LED, an external monitor working, a named rail
// ("main rail" is PPBUS on a Mac: a short on PP3V42_G3H does not answer it). A reading that is the
// fault itself (0 A on a dead board, a battery stuck at 0 %) is no further condition. Queries not
// listed have only their named target: no other item of their board reports their fault.
// bench:relevance reports MRR@10 both ways: the named target only (strict, as the queries were written)
// and the first of the target and these items.
// The items, by board and fault (titles as in the demo).
const DEAD_NM_A311 = ["NM-A311 no enciende, falta +3VS", "NM-A311 muerta: sin +3VALW y sin consumo"];
const DEAD_820_00165 = [
  "820-00165 no power, PP3V3_S5 missing",
  "820-00165 no enciende, falta PP3V42_G3H",
  "820-00165 no enciende, falta PP1V2_S3",
  "820-00165 no enciende, falta PP1V8_S5",
];
const NOT_CHARGING_LA_D821P = ["LA-D821P no carga la batería, +19VB bajo", "LA-D821P stuck at 5 V on USB-C"];
const NOT_CHARGING_LA_H811P = ["LA-H811P stuck at 5 V on USB-C"];
const SHORT_820_01521 = ["820-01521 PP3V42_G3H en corto a masa (0.4 ohm)", "820-01521 PP3V3_S5 shorted to ground (0.2 ohm)"];
const BIOS_NBGTK11001 = ["NBGTK11001 stuck before POST, reflash U2201?"];
const NO_IMAGE_DA0X8CMB6E0 = ["DA0X8CMB6E0: powers on but no image"];

const judged = (items: readonly string[], ...queries: string[]) => queries.map((q) => [q, items] as const);

export const ALSO_RELEVANT: ReadonlyMap<string, readonly string[]> = new Map([
  ...judged(
    DEAD_NM_A311,
    "NM-A311 no enciende",
    "NM-A311 no arranca placa muerta",
    "NM-A311 no power",
    "NM-A311 el notebook no enciende",
    "NM-A311 notebook muerta",
    "NM-A311 dead, no amp draw",
    "NM-A311 está muerta del todo",
    "NM-A311 won't turn on at all",
    "NM-A311 la lap no jala, cero señales de vida",
    "NM-A311 board's a brick, zero current",
    "NM-A311 se petateó, cero amperes",
    "NM-A311 nooo enciende, esta finadita",
    "NM-A311 la compu esta frita, le das al power y cero reaccion",
    "nma311 la laptop no responde al power, cero foquitos",
    "nma311 hit the power button, zilch. no draw on the psu",
  ),
  ...judged(
    DEAD_820_00165,
    "820-00165 won't power on",
    "820-00165 no power",
    "820-00165 no enciende",
    "820-00165 placa muerta",
    "820-00165 no prende",
    "820-00165 la compu no da señales de vida",
    "820-00165 el ordenador no arranca",
    "820-00165 no signs of life",
    "820-00165 won't power up",
    "820-00165 doa, 0a on the meter",
    "820-00165 la mac está finada",
    "820-00165 flatlined on the bench supply",
    "820-00165 board won't come on, zero draw",
    "820-00165 la mac no da señales de vida",
    "820-00165 zero signs of life, no chime",
    "82000165 la mac esta re muerta, apretas el boton y nada",
  ),
  ...judged(
    NOT_CHARGING_LA_D821P,
    "LA-D821P battery not charging",
    "LA-D821P la batería no se llena",
    "LA-D821P la batería no sube",
    "LA-D821P la batería sigue clavada en 0%",
    "LA-D821P batt stuck at 0%, won't charge",
    "LA-D821P la batería no levanta porcentaje",
    "LA-D821P la bat se clava en 0% con el trafo puesto",
    "LA-D821P won't take a charge",
    "LA-D821P la bateria no jala, horas conectada y sigue igual",
    "LA-D821P battery stuck, never tops up",
    "lad821p la bateria no sube del 0% con la corriente puesta",
    "la-d821p battery sits at 0%, says plugged in not charging",
  ),
  ...judged(NOT_CHARGING_LA_H811P, "LA-H811P no carga la batería", "LA-H811P won't take juice"),
  ...judged(SHORT_820_01521, "820-01521 corto a tierra"),
  ...judged(
    BIOS_NBGTK11001,
    "NBGTK11001 bricked after bios flash",
    "NBGTK11001 no bootea despues de flashear la bios",
    "NBGTK11001 no POST since flashing the bios",
    "NBGTK11001 bricked by a bad flash",
    "nbgtk11001 despues de actualizar el bios se queda trabada al iniciar",
  ),
  ...judged(NO_IMAGE_DA0X8CMB6E0, "DA0X8CMB6E0 no video", "DA0X8CMB6E0 sin video", "DA0X8CMB6E0 fans spin, lcd shows nothing"),
]);
