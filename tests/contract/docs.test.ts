import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startTestService, type TestService } from "../helpers/service.ts";
import { requireBinary, spawnServer } from "../helpers/binary.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * /docs works with no internet: the page names no absolute URL, and everything it loads (Swagger
 * UI's script and stylesheet, the OpenAPI document) is served by vellum itself, also by the
 * compiled binary run from a directory without node_modules.
 */
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({});
});
afterAll(async () => {
  await svc?.close();
});

/** The URLs a page loads: script src, stylesheet href, and the spec URL given to SwaggerUIBundle. */
function loadedUrls(html: string): { scripts: string[]; styles: string[]; spec: string | undefined } {
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link[^>]*\shref="([^"]+)"/g)].map((m) => m[1]!);
  const spec = /SwaggerUIBundle\((\{.*?\})\)/s.exec(html)?.[1];
  return { scripts, styles, spec: spec ? (JSON.parse(spec) as { url?: string }).url : undefined };
}

async function checkDocs(base: string) {
  const page = await fetch(`${base}/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toStartWith("text/html");
  const html = await page.text();
  // No CDN, no font service, no validator badge: no absolute or protocol-relative URL at all.
  expect(html).not.toMatch(/(https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/i);
  const { scripts, styles, spec } = loadedUrls(html);
  expect(scripts).toEqual(["docs/assets/swagger-ui-bundle.js"]);
  expect(styles).toEqual(["docs/assets/swagger-ui.css"]);
  expect(spec).toBe("openapi.json");
  const resolve = (u: string) => new URL(u, `${base}/docs`).toString();
  const js = await fetch(resolve(scripts[0]!));
  expect(js.status).toBe(200);
  expect(js.headers.get("content-type")).toStartWith("text/javascript");
  expect((await js.text()).length).toBeGreaterThan(1_000_000);
  const css = await fetch(resolve(styles[0]!));
  expect(css.status).toBe(200);
  expect(css.headers.get("content-type")).toStartWith("text/css");
  expect(await css.text()).toContain(".swagger-ui");
  const doc = await fetch(resolve(spec!));
  expect(doc.status).toBe(200);
  expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
  return html;
}

describe("/docs", () => {
  test("serves the page and every asset it loads from vellum itself", async () => {
    const html = await checkDocs(svc.url);
    expect(html).toContain("<title>vellum API</title>");
    expect(html).toContain('"validatorUrl":null');
  });

  test("/docs/ redirects to /docs, where the page's relative asset URLs resolve", async () => {
    const res = await svc.get("/docs/", { redirect: "manual" });
    expect(res.status).toBe(308);
    expect(new URL(res.headers.get("location")!, `${svc.url}/docs/`).toString()).toBe(`${svc.url}/docs`);
  });

  test("the assets are cacheable and hidden from the API document", async () => {
    const res = await svc.get("/docs/assets/swagger-ui.css");
    expect(res.headers.get("cache-control")).toContain("max-age");
    const doc = (await (await svc.get("/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/docs/"))).toEqual([]);
  });

  test("the compiled binary embeds them: it serves /docs from a directory without node_modules", async () => {
    const binary = requireBinary();
    const work = tempDir("vellum-docs-");
    const server = await spawnServer([binary], ["--dir", join(work, "data")], { cwd: work });
    try {
      await checkDocs(server.url);
    } finally {
      await server.stop("SIGTERM");
      rmSync(work, { recursive: true, force: true });
    }
  });
});
