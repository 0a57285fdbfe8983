// npm run demo:generate [-- OUT.json]: writes the demo dataset (default demo/demo.json).
// Deterministic: a fixed seed and fixed dates, so every run writes the same bytes. The result is
// validated by the importer's own validation before it is written.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { validateImport } from "../../cli/import/validate";
import { COMMENTS, postBody, TOPICS } from "./blog";
import { AUTHORS, BOARDS, CATEGORIES, DEMO_KEYS, DEMO_USERS, MANUFACTURERS, TECHNICIANS, type DemoUsername } from "./catalog";
import { buildDocuments, type DemoDocument } from "./documents";
import { knownItems } from "./known";
import { meaningItems } from "./known-meaning";
import { DAY, HOUR, iso, Random } from "./prng";
import { caseParts, conversation, fixText, makeStory, SPAM, threadBody, threadTitle, type Lang, type Story } from "./stories";

export const DEMO_PATH = "demo/demo.json";
const SEED = 20261101;
const START = Date.parse("2024-01-08T09:00:00Z");
const END = Date.parse("2026-10-30T18:00:00Z");
/** Blog posts scheduled for later than any plausible "now" of a demo run. */
const SCHEDULED = Date.parse("2031-03-01T09:00:00Z");

const THREADS = 320;
const CASES = 72;

export async function generateDemo(): Promise<Record<string, unknown>> {
  const random = new Random(SEED);
  const documents = await buildDocuments(random, START, END);
  const publicDocs = documents.filter((d) => d.visibility === "public" && d.status === "available");
  const docsOfBoard = (number: string) => publicDocs.filter((d) => d.boards.includes(number));
  const datasheetOf = (part: string) => publicDocs.find((d) => d.type === "datasheet" && d.tags.includes(part));

  const threads = buildThreads(random, docsOfBoard);
  const blog_posts = buildPosts(random);
  const cases = buildCases(random, threads, docsOfBoard, datasheetOf);
  // The items bench/relevance looks for, after everything drawn from the main seed.
  const known = await knownItems();
  const meaning = meaningItems();

  return {
    users: DEMO_USERS.map((u) => ({ active: true, ...u })),
    api_keys: DEMO_KEYS.map(({ note: _note, ...key }) => key),
    manufacturers: MANUFACTURERS,
    boards: BOARDS.map(({ family: _family, ...b }) => b),
    categories: CATEGORIES,
    threads: [...threads.map(({ story: _story, ...t }) => t), ...known.threads, ...meaning.threads],
    blog_posts: [...blog_posts, ...known.posts],
    cases: [...cases, ...known.cases, ...meaning.cases],
    documents: [...documents, ...known.documents],
  };
}

const langOf = (random: Random): Lang => (random.chance(0.55) ? "es" : "en");
const otherThan = (random: Random, people: DemoUsername[], not: DemoUsername) => random.pick(people.filter((p) => p !== not));

interface DemoThread {
  id: string;
  category: string;
  title: string;
  status: string;
  sticky: boolean;
  published: boolean;
  author: DemoUsername;
  body: string;
  board: string | null;
  document: string | null;
  created_at: string;
  posts: { author: DemoUsername; body: string; is_solution: boolean; score: number; hidden: boolean; created_at: string }[];
  story?: Story;
}

function buildThreads(random: Random, docsOfBoard: (n: string) => DemoDocument[]): DemoThread[] {
  const threads: DemoThread[] = [];
  const pinned: [string, Lang, string, string][] = [
    [
      "general",
      "es",
      "Normas del foro: léelas antes de publicar",
      "Sé respetuoso, indica siempre el **número de placa** y lo que ya mediste. Nada de spam ni enlaces a tiendas.",
    ],
    [
      "general",
      "en",
      "Forum rules: read before posting",
      "Be respectful, always give the **board number** and what you already measured. No spam, no shop links.",
    ],
    [
      "power",
      "es",
      "Cómo pedir ayuda con una placa sin encendido",
      "Incluye: número de placa, consumo en la fuente, rieles medidos y resistencia a masa. Sin mediciones no hay diagnóstico.",
    ],
    [
      "apple",
      "en",
      "Read this first: MacBook board numbers and codenames",
      "Board numbers look like 820-00165 (the -A suffix is a revision). Codenames like J113 help find the schematic.",
    ],
  ];
  for (const [category, lang, title, body] of pinned) {
    const created = START + random.int(0, 20) * DAY;
    threads.push({
      id: random.ulid(created),
      category,
      title,
      status: "locked",
      sticky: true,
      published: true,
      author: random.pick(["marta", "lucas"] as DemoUsername[]),
      body,
      board: null,
      document: null,
      created_at: iso(created),
      posts: [],
    });
    void lang;
  }
  // A few board numbers get more attention, as real forums do.
  const popular = ["820-00165", "NM-A311", "820-01521", "LA-E891P"];
  for (let i = 0; i < THREADS; i++) {
    const popularNumber = random.chance(0.25) ? random.pick(popular) : undefined;
    const board = popularNumber ? BOARDS.find((b) => b.number === popularNumber)! : random.pick(BOARDS);
    const lang = langOf(random);
    const story = makeStory(random, board, lang);
    const author = random.pick(AUTHORS);
    const created = random.between(START + 30 * DAY, END - 2 * DAY);
    const long = i % 97 === 5; // a few long threads: more than one page of 50 replies
    const count = long ? random.int(55, 75) : random.chance(0.1) ? 0 : random.int(1, 18);
    const solved = count > 0 && random.chance(0.4);
    let at = created;
    const posts: DemoThread["posts"] = conversation(story, random, count).map(({ body }) => {
      at += random.int(1, 36) * HOUR;
      const spam = random.chance(0.05);
      const replyAuthor = spam ? "promo-bot" : otherThan(random, AUTHORS, author);
      return {
        author: replyAuthor,
        body: spam ? random.pick(SPAM) : body,
        is_solution: false,
        score: spam ? -random.int(1, 5) : random.int(-1, 9),
        hidden: spam || random.chance(0.02),
        created_at: iso(at),
      };
    });
    if (solved) {
      at += random.int(2, 72) * HOUR;
      posts.push({
        author: random.chance(0.5) ? author : random.pick(TECHNICIANS),
        body: fixText(story, random),
        is_solution: true,
        score: random.int(5, 30),
        hidden: false,
        created_at: iso(at),
      });
      if (random.chance(0.5)) {
        at += random.int(1, 24) * HOUR;
        posts.push({
          author,
          body: lang === "es" ? "¡Gracias a todos! Marco como resuelto." : "Thanks everyone! Marking as solved.",
          is_solution: false,
          score: random.int(0, 3),
          hidden: false,
          created_at: iso(at),
        });
      }
    }
    const category =
      story.problem === "liquid"
        ? "liquid"
        : story.problem === "bios"
          ? "bios"
          : ["short", "no_power", "charging"].includes(story.problem) && random.chance(0.5)
            ? "power"
            : board.family === "apple"
              ? "apple"
              : "laptops";
    const boardDocs = docsOfBoard(board.number);
    threads.push({
      id: random.ulid(created),
      category,
      title: threadTitle(story, random),
      status: solved ? "solved" : random.pick(["open", "open", "open", "open", "locked", "closed"]),
      sticky: false,
      published: !random.chance(0.04),
      author,
      body: threadBody(story, random),
      // Boards are written in the spellings people type.
      board: random.pick([board.number, board.number.toLowerCase(), board.number.replace(/-/g, " "), board.aliases[0] ?? board.number]),
      document: boardDocs.length && random.chance(0.3) ? random.pick(boardDocs).id : null,
      created_at: iso(created),
      posts,
      story,
    });
  }
  // Off-topic and tool threads without a board.
  const tools: [Lang, string, string][] = [
    ["es", "¿Qué microscopio recomendáis para empezar?", "Busco algo por debajo de 300 €. ¿Trinocular o digital?"],
    ["en", "Best budget thermal camera for short hunting?", "Looking at the usual phone add-on cameras. Worth it?"],
    ["es", "Fuente de laboratorio: ¿30 V 5 A es suficiente?", "Para inyectar tensión y alimentar placas de portátil."],
    ["en", "Hot air station recommendations", "My old station drifts 40 °C. What do you use?"],
    ["es", "Presentación: taller en Córdoba", "Hola a todos, llevamos 10 años reparando portátiles."],
    ["en", "Hello from a new member in Leeds", "Mostly MacBooks here, happy to help with 820-xxxxx boards."],
  ];
  for (const [lang, title, body] of tools) {
    const created = random.between(START, END - DAY);
    const author = random.pick(AUTHORS);
    let at = created;
    const posts = Array.from({ length: random.int(2, 9) }, () => {
      at += random.int(1, 48) * HOUR;
      return {
        author: otherThan(random, AUTHORS, author),
        body: random.pick(
          lang === "es"
            ? ["Yo uso uno de la marca habitual y va bien.", "Depende del presupuesto, pero merece la pena.", "¡Bienvenido!"]
            : ["I use the usual brand and it's fine.", "Depends on budget, but worth it.", "Welcome!"],
        ),
        is_solution: false,
        score: random.int(0, 6),
        hidden: false,
        created_at: iso(at),
      };
    });
    threads.push({
      id: random.ulid(created),
      category: title.startsWith("Presentación") || title.startsWith("Hello") ? "general" : "tools",
      title,
      status: "open",
      sticky: false,
      published: true,
      author,
      body,
      board: null,
      document: null,
      created_at: iso(created),
      posts,
    });
  }
  return threads;
}

function buildPosts(random: Random) {
  const writers: DemoUsername[] = ["marta", "nina", "tomas", "diego", "lucas"];
  const posts: Record<string, unknown>[] = [];
  TOPICS.forEach((topic, i) => {
    for (const lang of ["es", "en"] as const) {
      const t = topic[lang];
      const published = random.between(START, END - 3 * DAY);
      // Drafts and scheduled posts exist but are not visible until published.
      const state =
        i === 3 && lang === "en"
          ? "draft"
          : i === 7
            ? lang === "es"
              ? "draft"
              : "scheduled"
            : i === 10 && lang === "es"
              ? "scheduled"
              : "published";
      const publishedAt = state === "draft" ? null : state === "scheduled" ? SCHEDULED + i * DAY : published;
      const comments =
        state === "published"
          ? Array.from({ length: random.int(0, 7) }, (_, j) => ({
              author: random.pick(AUTHORS),
              body: random.pick(COMMENTS[lang]),
              created_at: iso(published + (j + 1) * random.int(2, 40) * HOUR),
            }))
          : [];
      posts.push({
        id: random.ulid(publishedAt ?? published),
        title: t.title,
        excerpt: t.excerpt,
        author: random.pick(writers),
        tags: t.tags,
        likes: state === "published" ? random.int(0, 140) : 0,
        body: postBody(lang, t, random),
        published_at: publishedAt === null ? null : iso(publishedAt),
        edited_at: state === "published" && random.chance(0.3) ? iso(published + random.int(1, 30) * DAY) : null,
        comments,
      });
    }
  });
  return posts;
}

function buildCases(
  random: Random,
  threads: DemoThread[],
  docsOfBoard: (n: string) => DemoDocument[],
  datasheetOf: (part: string) => DemoDocument | undefined,
) {
  const cases: Record<string, unknown>[] = [];
  for (let i = 0; i < CASES; i++) {
    const board = i < 4 ? BOARDS[0] : random.pick(BOARDS);
    const lang = langOf(random);
    const story = makeStory(random, board, lang);
    const { measurements, components, diagnosis } = caseParts(story, random);
    const outcome = random.pick(["fixed", "fixed", "fixed", "fixed", "partially_fixed", "not_fixed", "unknown"]);
    const publishedAt = random.between(START + 20 * DAY, END - DAY);
    const related = threads.filter((t) => t.story?.board.number === board.number && t.published);
    const docs = [
      ...random.sample(docsOfBoard(board.number), 2),
      ...[datasheetOf(story.part.partNumber)].filter((d): d is DemoDocument => d !== undefined),
    ];
    const title =
      lang === "es"
        ? `${board.number}: ${threadTitle(story, random).replace(`${board.number} `, "")}`
        : `${board.number}: ${threadTitle(story, random).replace(`${board.number} `, "")}`;
    cases.push({
      id: random.ulid(publishedAt),
      title,
      outcome,
      symptom:
        lang === "es" ? threadBody(story, random).split("\n")[0].replace(/\*\*/g, "") : threadBody(story, random).split("\n")[0].replace(/\*\*/g, ""),
      device_model: board.platform,
      board: board.number,
      board_revision: random.chance(0.6) ? random.pick(["REV 1.0", "REV 2.0", "A", "051-00xxx"]) : null,
      manufacturer: board.manufacturer,
      author: random.pick(TECHNICIANS),
      published: !random.chance(0.08),
      published_at: iso(publishedAt),
      edited_at: random.chance(0.25) ? iso(publishedAt + random.int(1, 20) * DAY) : null,
      diagnosis,
      fix: outcome === "not_fixed" || outcome === "unknown" ? null : fixText(story, random),
      minutes_spent: random.chance(0.85) ? random.int(20, 480) : null,
      measurements,
      components,
      documents: docs.map((d) => d.id),
      thread: related.length && random.chance(0.4) ? random.pick(related).id : null,
    });
  }
  return cases;
}

export async function writeDemo(path = DEMO_PATH): Promise<{ path: string; bytes: number; counts: Record<string, number> }> {
  const data = await generateDemo();
  const checked = validateImport(structuredClone(data));
  if (!checked.ok)
    throw new Error(
      `the generated demo does not validate:\n${checked.problems
        .slice(0, 20)
        .map((p) => `  ${p.path}: ${p.message}`)
        .join("\n")}`,
    );
  const text = JSON.stringify(data) + "\n";
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  const f = checked.data;
  const counts = {
    users: f.users?.length ?? 0,
    api_keys: f.api_keys?.length ?? 0,
    boards: f.boards?.length ?? 0,
    aliases: f.boards?.reduce((n, b) => n + (b.aliases?.length ?? 0), 0) ?? 0,
    categories: f.categories?.length ?? 0,
    threads: f.threads?.length ?? 0,
    replies: f.threads?.reduce((n, t) => n + (t.posts?.length ?? 0), 0) ?? 0,
    blog_posts: f.blog_posts?.length ?? 0,
    comments: f.blog_posts?.reduce((n, p) => n + (p.comments?.length ?? 0), 0) ?? 0,
    cases: f.cases?.length ?? 0,
    documents: f.documents?.length ?? 0,
    versions: f.documents?.reduce((n, d) => n + d.versions.length, 0) ?? 0,
  };
  return { path, bytes: Buffer.byteLength(text), counts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeDemo(process.argv[2] ?? DEMO_PATH).then(
    ({ path, bytes, counts }) => {
      console.log(`Wrote ${path} (${(bytes / 1024 / 1024).toFixed(2)} MB):`);
      for (const [k, v] of Object.entries(counts)) console.log(`  ${k.padEnd(11)} ${v}`);
    },
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
