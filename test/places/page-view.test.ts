// The schematic page view (issue 55): a member gets the page's signed link (counted as a download), the name's
// marks and the page's boardview names linked back to the viewer; an anonymous reader gets the words around each
// place and a sign-in link, never the file; a private schematic's page answers its owner only.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { invite, registerWithInvite, send, newMember, type Member } from "../helpers/accounts";
import { BOARDVIEW, PRIVATE_SCHEMATIC, SCHEMATIC, seedSchematic } from "../helpers/schematic-fixture";

let olga: Member;
let stranger: Member;
beforeAll(async () => {
  await seedSchematic();
  const { token } = await invite("olga");
  olga = (await registerWithInvite(token)).member!;
  stranger = await newMember("xpbstranger");
});

const downloads = async (id: string) =>
  (await env.DB.prepare("select downloads as n from documents where id = ?").bind(id).first<{ n: number }>())!.n;

describe("the schematic page view", () => {
  it("answers an anonymous reader the words around each place and a sign-in link, and no file", async () => {
    const before = await downloads(SCHEMATIC);
    const res = await send("GET", `/en/schematic/${SCHEMATIC}/1?name=C7010`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const html = await res.text();
    expect(html).toContain("<mark>C7010</mark> CAPACITOR CERAMIC 10UF 0402 R7001");
    expect(html).toMatch(/href="https:\/\/boards\.test\/en\/sign-in"/);
    expect(html).not.toContain("data-file");
    expect(html).not.toContain("/files/");
    expect(await downloads(SCHEMATIC)).toBe(before);
    const es = await (await send("GET", `/es/esquema/${SCHEMATIC}/1?name=C7010`)).text();
    expect(es).toContain("Página 1 de 3");
    expect(es).toContain("Iniciar sesión");
  });

  it("gives a member the signed link counted as their download, the marks, and the page's names linked to the viewer", async () => {
    const before = await downloads(SCHEMATIC);
    const html = await (await send("GET", `/en/schematic/${SCHEMATIC}/2?name=U7000`, { cookie: stranger.cookie })).text();
    expect(html).toMatch(/data-file="https:\/\/boards\.test\/api\/v1\/files\/[^"]+"/);
    expect(await downloads(SCHEMATIC)).toBe(before + 1);
    expect(html.match(/<span data-mark/g)).toHaveLength(1);
    expect(html).toContain('<script type="module" src="/schematic/page.js"></script>');
    // Every other name of the boardview on the page leads to the viewer: nets by net, the KiCad label by its net.
    for (const [kind, name] of [
      ["net", "USB_D+"],
      ["net", "USB_D-"],
      ["net", "PP3V3"],
      ["net", "GND"],
      ["net", "/IO/RD"],
    ])
      expect(html).toContain(`?${kind}=${encodeURIComponent(name)}#boardview`);
    expect(html).not.toContain("?part=U7000#boardview");
  });

  it("answers a private schematic's page to its owner only", async () => {
    const path = `/en/schematic/${PRIVATE_SCHEMATIC}/2?name=U7000`;
    expect((await send("GET", path, { cookie: olga.cookie })).status).toBe(200);
    expect((await send("GET", path, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send("GET", path)).status).toBe(404);
    expect((await send("GET", `/en/schematic/${SCHEMATIC}/9?name=U7000`)).status).toBe(404);
  });

  it("the viewer's panel lists the schematic pages printing the selected net, best first, each linking the page view", async () => {
    const html = await (await send("GET", `/en/library/${BOARDVIEW}/xpb-5500-boardview?net=PP3V3`)).text();
    const links = [...html.matchAll(/<a href="([^"]+)" data-schematic-page="">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [`/en/schematic/${SCHEMATIC}/3?name=PP3V3`, "XPB-5500 schematic, page 3"],
      [`/en/schematic/${SCHEMATIC}/2?name=PP3V3`, "XPB-5500 schematic, page 2"],
    ]);
  });

  it("the viewer's panel lists a private schematic's pages for its owner only, on the page and in its point answers", async () => {
    const viewer = `/en/library/${BOARDVIEW}/xpb-5500-boardview?net=PP3V3`;
    const privateLink = `href="/en/schematic/${PRIVATE_SCHEMATIC}/3?name=PP3V3" data-schematic-page`;
    const owners = await send("GET", viewer, { cookie: olga.cookie });
    expect(owners.headers.get("Cache-Control")).toBe("private, no-store");
    const ownerHtml = await owners.text();
    expect(ownerHtml).toContain(privateLink);
    expect(ownerHtml).toContain('data-points="/member/boards/"');
    for (const cookie of [stranger.cookie, undefined]) {
      const html = await (await send("GET", viewer, cookie ? { cookie } : {})).text();
      expect(html).toContain(`/en/schematic/${SCHEMATIC}/3?name=PP3V3`);
      expect(html).not.toContain(PRIVATE_SCHEMATIC);
    }
    // The script's fetch for another selection: read for the session, never cached.
    const point = async (cookie?: string) => {
      const res = await send("GET", "/member/boards/XPB-5500/points/U7000", cookie ? { cookie } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      const { data } = (await res.json()) as { data: { documents: { id: string; places: { page: number }[] }[] } };
      return data.documents.filter((d) => d.places.length).map((d) => d.id);
    };
    expect(await point(olga.cookie)).toEqual(expect.arrayContaining([SCHEMATIC, PRIVATE_SCHEMATIC]));
    expect(await point(stranger.cookie)).toEqual([SCHEMATIC]);
    expect(await point()).toEqual([SCHEMATIC]);
  });

  it("the member's point answers say a missing point as the API does: a problem, never cached", async () => {
    const res = await send("GET", "/member/boards/XPB-5500/points/NO_SUCH_NET", { cookie: olga.cookie });
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/problem+json");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await res.json()) as { type: string }).type).toMatch(/\/problems\/not-found$/);
  });
});
