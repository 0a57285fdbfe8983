// The fixed part of the demo: people, their keys, manufacturers, boards and forum categories.
// Tokens here are public on purpose (README lists them); they only exist in the demo database.

export const DEMO_USERS = [
  { username: "marta", name: "Marta Ibáñez", role: "admin", locale: "es" },
  { username: "lucas", name: "Lucas Ferreyra", role: "moderator", locale: "es" },
  { username: "nina", name: "Nina Kowalski", role: "verified_technician", locale: "en" },
  { username: "tomas", name: "Tomás Rivas", role: "verified_technician", locale: "es" },
  { username: "diego", name: "Diego Salas", role: "contributor", locale: "es" },
  { username: "ana", name: "Ana Benítez", role: "user", locale: "es" },
  { username: "sam", name: "Sam Whitfield", role: "user", locale: "en" },
  { username: "ray", name: "Ray Oldham", role: "user", locale: "en", active: false },
  { username: "promo-bot", name: "Cheap Boards Outlet", role: "user", locale: "en", active: false },
] as const;

export type DemoUsername = (typeof DEMO_USERS)[number]["username"];

/** People who write in the forum and blog (active, not the spam account). */
export const AUTHORS: DemoUsername[] = ["marta", "lucas", "nina", "tomas", "diego", "ana", "sam", "ray"];
export const TECHNICIANS: DemoUsername[] = ["nina", "tomas", "diego", "lucas"];

const pad = (stem: string) => "bds_" + stem + "0".repeat(43 - stem.length);

/** Demo keys: `token` as sent in `Authorization: Bearer …`, and what the key is for. */
export const DEMO_KEYS = [
  {
    token: pad("demoAnaRead"),
    user: "ana",
    name: "demo: ana read",
    scopes: ["api:read"],
    note: "member: public + her own private/shared documents (any status) + shared with her",
  },
  { token: pad("demoSamRead"), user: "sam", name: "demo: sam read", scopes: ["api:read"], note: "member: public + documents shared with him" },
  {
    token: pad("demoDiegoIngest"),
    user: "diego",
    name: "demo: diego uploader",
    scopes: ["api:read", "library:ingest"],
    note: "contributor: reads + uploads (forced private)",
  },
  {
    token: pad("demoNinaPublish"),
    user: "nina",
    name: "demo: nina publisher",
    scopes: ["api:read", "library:ingest", "library:publish"],
    note: "technician: reads + uploads that may be public",
  },
  {
    token: pad("demoMartaAdmin"),
    user: "marta",
    name: "demo: marta admin",
    scopes: ["api:read"],
    note: "admin's key: sees exactly what a member sees (public + her own)",
  },
  {
    token: pad("demoTomasIngestOnly"),
    user: "tomas",
    name: "demo: tomas ingest only",
    scopes: ["library:ingest"],
    note: "no api:read: 403 with required_scopes on /me and on reads",
  },
  {
    token: pad("demoSamExpired"),
    user: "sam",
    name: "demo: expired",
    scopes: ["api:read"],
    expires_at: "2025-01-01T00:00:00Z",
    note: "expired: 401 everywhere",
  },
  { token: pad("demoDiegoRevoked"), user: "diego", name: "demo: revoked", scopes: ["api:read"], revoked: true, note: "revoked: 401 everywhere" },
  {
    token: pad("demoRayInactive"),
    user: "ray",
    name: "demo: inactive account",
    scopes: ["api:read"],
    note: "account inactive: 403 everywhere a key is checked",
  },
] as const;

export const MANUFACTURERS = ["Apple", "Lenovo", "Dell", "HP", "Asus", "MSI", "Acer", "Samsung"].map((name, i) => ({ id: i + 1, name }));

export interface DemoBoard {
  number: string;
  manufacturer: string;
  platform: string;
  codename?: string;
  board_code?: string;
  aliases: string[];
  status?: string;
  /** Power rails and parts this board's threads and cases talk about. */
  family: "apple" | "intel-laptop" | "amd-laptop";
}

export const BOARDS: DemoBoard[] = [
  {
    number: "820-00165",
    manufacturer: "Apple",
    platform: 'MacBook Air 13" A1466 (2015–2017)',
    codename: "J113",
    aliases: ["820-00165-A", "820-00165-02"],
    family: "apple",
  },
  {
    number: "820-3437",
    manufacturer: "Apple",
    platform: 'MacBook Air 13" A1466 (2013–2014)',
    codename: "J41",
    aliases: ["820-3437-A", "820-3437-B"],
    family: "apple",
  },
  {
    number: "820-3435",
    manufacturer: "Apple",
    platform: 'MacBook Air 11" A1465 (2013–2014)',
    codename: "J11",
    aliases: ["820-3435-B"],
    family: "apple",
  },
  {
    number: "820-00840",
    manufacturer: "Apple",
    platform: 'MacBook Pro 13" A1708 (2016)',
    codename: "J130",
    aliases: ["820-00840-A"],
    family: "apple",
  },
  {
    number: "820-00875",
    manufacturer: "Apple",
    platform: 'MacBook Pro 13" A1706 (2016)',
    codename: "J79",
    aliases: ["820-00875-A"],
    family: "apple",
  },
  {
    number: "820-00928",
    manufacturer: "Apple",
    platform: 'MacBook Pro 15" A1707 (2016)',
    codename: "J51",
    aliases: ["820-00928-A"],
    family: "apple",
  },
  {
    number: "820-01521",
    manufacturer: "Apple",
    platform: 'MacBook Air 13" A1932 (2018)',
    codename: "J140K",
    aliases: ["820-01521-A", "820-01521-02"],
    family: "apple",
  },
  {
    number: "820-01700",
    manufacturer: "Apple",
    platform: 'MacBook Pro 15" A1990 (2018)',
    codename: "J680",
    aliases: ["820-01700-A"],
    family: "apple",
  },
  {
    number: "820-01958",
    manufacturer: "Apple",
    platform: 'MacBook Air 13" A1932 (2019)',
    codename: "J140A",
    aliases: ["820-01958-A"],
    family: "apple",
  },
  {
    number: "820-01987",
    manufacturer: "Apple",
    platform: 'MacBook Pro 13" A2159 (2019)',
    codename: "J213",
    aliases: ["820-01987-A"],
    family: "apple",
  },
  {
    number: "820-02016",
    manufacturer: "Apple",
    platform: 'MacBook Pro 16" A2141 (2019)',
    codename: "J152F",
    aliases: ["820-02016-A"],
    family: "apple",
  },
  {
    number: "820-02020",
    manufacturer: "Apple",
    platform: 'MacBook Pro 13" A2289 (2020)',
    codename: "J223",
    aliases: ["820-02020-A"],
    family: "apple",
  },
  {
    number: "820-02098",
    manufacturer: "Apple",
    platform: 'MacBook Pro 13" A2251 (2020)',
    codename: "J214K",
    aliases: ["820-02098-A"],
    family: "apple",
  },
  {
    number: "NM-A311",
    manufacturer: "Lenovo",
    platform: "ThinkPad E470 / E570",
    board_code: "CE470",
    aliases: ["NMA311", "CE470 NM-A311"],
    family: "intel-laptop",
  },
  {
    number: "NM-B491",
    manufacturer: "Lenovo",
    platform: "ThinkPad T480",
    board_code: "ET480",
    aliases: ["NMB491", "EET48 NM-B491"],
    family: "intel-laptop",
  },
  { number: "NM-A891", manufacturer: "Lenovo", platform: "ThinkPad T470", board_code: "CT470", aliases: ["NMA891"], family: "intel-laptop" },
  {
    number: "NM-B481",
    manufacturer: "Lenovo",
    platform: "ThinkPad X1 Carbon 6th gen",
    board_code: "EX480",
    aliases: ["NMB481"],
    family: "intel-laptop",
  },
  { number: "NM-C121", manufacturer: "Lenovo", platform: "ThinkPad E490 / E590", board_code: "CE490", aliases: ["NMC121"], family: "intel-laptop" },
  {
    number: "NM-B601",
    manufacturer: "Lenovo",
    platform: "IdeaPad 330-15IKB",
    board_code: "EG521",
    aliases: ["NMB601", "EG521 NM-B601"],
    family: "intel-laptop",
  },
  { number: "NM-C821", manufacturer: "Lenovo", platform: "IdeaPad 5 14ARE05", board_code: "GS450", aliases: ["NMC821"], family: "amd-laptop" },
  {
    number: "LA-E891P",
    manufacturer: "Dell",
    platform: "Latitude 7480",
    board_code: "CDM70",
    aliases: ["LAE891P", "CDM70 LA-E891P"],
    family: "intel-laptop",
  },
  { number: "LA-D821P", manufacturer: "Dell", platform: "Latitude E5470", board_code: "ADM60", aliases: ["LAD821P"], family: "intel-laptop" },
  { number: "LA-F311P", manufacturer: "Dell", platform: "Latitude 7490", board_code: "CDM80", aliases: ["LAF311P"], family: "intel-laptop" },
  { number: "LA-G671P", manufacturer: "Dell", platform: "Inspiron 15 5570", board_code: "CAL50", aliases: ["LAG671P"], family: "intel-laptop" },
  {
    number: "LA-B162P",
    manufacturer: "Dell",
    platform: "Inspiron 15 3542",
    board_code: "ZAVC0",
    aliases: ["LAB162P"],
    status: "legacy",
    family: "intel-laptop",
  },
  { number: "LA-K351P", manufacturer: "Dell", platform: "Latitude 5410", board_code: "FDI40", aliases: ["LAK351P"], family: "intel-laptop" },
  { number: "LA-H811P", manufacturer: "Dell", platform: "XPS 13 9380", board_code: "CAZ60", aliases: ["LAH811P"], family: "intel-laptop" },
  {
    number: "6050A2860201",
    manufacturer: "HP",
    platform: "ProBook 450 G3",
    board_code: "Cicada",
    aliases: ["6050A2860201-MB-A01", "827023-601"],
    family: "intel-laptop",
  },
  { number: "DA0X8CMB6E0", manufacturer: "HP", platform: "Pavilion 15-ab (X8C)", board_code: "X8C", aliases: ["809041-601"], family: "intel-laptop" },
  { number: "DAG35AMB8D0", manufacturer: "HP", platform: "EliteBook 840 G5", board_code: "G35A", aliases: ["L15515-601"], family: "intel-laptop" },
  { number: "DA0G7BMB6E0", manufacturer: "HP", platform: "15-db (AMD)", board_code: "G7B", aliases: ["L20478-601"], family: "amd-laptop" },
  {
    number: "60NB0HU0-MB1810",
    manufacturer: "Asus",
    platform: "VivoBook X512DA",
    aliases: ["X512DA MAIN BOARD REV 2.1", "60NB0HU0-MB1811"],
    family: "amd-laptop",
  },
  { number: "60NB0CF0-MB1310", manufacturer: "Asus", platform: "X541UA / X541UV", aliases: ["X541UV MAIN BOARD REV 2.0"], family: "intel-laptop" },
  { number: "60NB0B90-MB1300", manufacturer: "Asus", platform: "ROG GL553VD", aliases: ["GL553VD MAIN BOARD REV 2.0"], family: "intel-laptop" },
  { number: "60NR0010-MB1120", manufacturer: "Asus", platform: "ROG Strix G531GT", aliases: ["G531GT MB REV 1.2"], family: "intel-laptop" },
  { number: "MS-16J91", manufacturer: "MSI", platform: "GS63VR Stealth Pro", aliases: ["MS-16J9 REV 1.1"], family: "intel-laptop" },
  { number: "MS-17C11", manufacturer: "MSI", platform: "GE75 Raider", aliases: ["MS-17C1 VER 1.0"], family: "intel-laptop" },
  { number: "MS-16P71", manufacturer: "MSI", platform: "GF63 Thin", aliases: ["MS-16P7 REV 1.0"], family: "intel-laptop" },
  {
    number: "NBGTK11001",
    manufacturer: "Acer",
    platform: "Aspire 5 A515-51",
    board_code: "C5V01 LA-E892P",
    aliases: ["C5V01", "LA-E892P"],
    family: "intel-laptop",
  },
  {
    number: "BA92-16365A",
    manufacturer: "Samsung",
    platform: "Notebook 9 NP900X3N",
    aliases: ["BA41-02570A"],
    status: "discontinued",
    family: "intel-laptop",
  },
];

export const CATEGORIES = [
  { slug: "apple", name: "Apple / MacBook", description: "Placas lógicas de MacBook Air y Pro: 820-xxxxx, T2, USB-C. MacBook logic boards." },
  { slug: "laptops", name: "Laptops Windows", description: "Lenovo, Dell, HP, Asus, MSI, Acer: diagnóstico de placas. Windows laptop boards." },
  { slug: "power", name: "Alimentación y cortos", description: "Rieles que faltan, cortos a masa, cargadores. Missing rails, shorts, charging." },
  { slug: "bios", name: "BIOS y firmware", description: "Programadores, dumps, ME region, EC. BIOS dumps and programmers." },
  { slug: "liquid", name: "Daños por líquido", description: "Corrosión, limpieza por ultrasonido, pistas levantadas. Liquid damage." },
  { slug: "tools", name: "Herramientas y equipos", description: "Estaciones, microscopios, fuentes, cámaras térmicas. Tools and equipment." },
  { slug: "general", name: "General", description: "Normas del foro, presentaciones, off-topic." },
];
