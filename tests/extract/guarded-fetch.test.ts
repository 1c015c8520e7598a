import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseAllowList } from "../../src/extract/address-guard.ts";
import { guardedFetch, type FetchFailure, type FetchPolicy, type FetchSuccess } from "../../src/extract/guarded-fetch.ts";
import { benchmarkHtml, fixtureIds, SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

const MiB = 1024 * 1024;
const USER_AGENT = "VellumBot/0.0-test (+https://vellum.test)";
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const SIMPLE_BYTES = Buffer.byteLength(SIMPLE_ARTICLE.html);

let site: TargetSite;
beforeAll(async () => {
  site = await startTargetSite();
});
afterAll(() => site.close());

/** Production limits, a short deadline, and the target site on the allow list unless overridden. */
function policy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    allow: parseAllowList([site.allowEntry]),
    timeoutMs: 2000,
    maxBytes: 5 * MiB,
    maxRedirects: 5,
    userAgent: USER_AGENT,
    ...overrides,
  };
}

function fetchUrl(url: string, overrides: Partial<FetchPolicy> = {}) {
  return guardedFetch(new URL(url), policy(overrides));
}

async function expectSuccess(promise: Promise<FetchSuccess | FetchFailure>): Promise<FetchSuccess> {
  const result = await promise;
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
}

async function expectFailure(promise: Promise<FetchSuccess | FetchFailure>): Promise<FetchFailure> {
  const result = await promise;
  if (result.ok) throw new Error(`expected failure, got ${result.status} from ${result.finalUrl}`);
  return result;
}

/** A resolver that maps names to fixed answers and counts its calls. */
function fakeDns(answers: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return found;
  };
  return { resolve, calls };
}

/** A port nothing listens on: bind one, then release it. */
async function closedPort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("") });
  const port = server.port as number;
  await server.stop(true);
  return port;
}

describe("fetching an allowed target", () => {
  test("returns the body, status, headers and final URL", async () => {
    const result = await expectSuccess(fetchUrl(site.url("/article-simple")));
    expect(result).toEqual({
      ok: true,
      finalUrl: site.url("/article-simple"),
      status: 200,
      contentType: "text/html; charset=utf-8",
      contentLanguage: "en",
      body: expect.any(Uint8Array),
      redirects: 0,
    });
    expect(decode(result.body)).toBe(SIMPLE_ARTICLE.html);
  });

  test("sends the policy User-Agent, Accept-Encoding and the URL host", async () => {
    const result = await expectSuccess(fetchUrl(site.url("/headers"), { accept: "text/html" }));
    const headers = JSON.parse(decode(result.body)) as Record<string, string>;
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
    expect(headers.accept).toBe("text/html");
    expect(headers.host).toBe(`127.0.0.1:${site.port}`);
  });

  test.each(["gzip", "deflate", "br"])("undoes Content-Encoding: %s", async (encoding) => {
    const result = await expectSuccess(fetchUrl(site.url(`/encoded/${encoding}`)));
    expect(decode(result.body)).toBe(SIMPLE_ARTICLE.html);
  });

  test("a benchmark page served gzip-encoded arrives decoded and intact", async () => {
    const id = fixtureIds(1)[0]!;
    const result = await expectSuccess(fetchUrl(site.url(`/article/${id}`)));
    expect(decode(result.body)).toBe(await benchmarkHtml(id));
  });
});

describe("private addresses", () => {
  test("the target site on 127.0.0.1 is refused without its allow entry, before any request", async () => {
    const hitsBefore = site.hits("/article-simple");
    const failure = await expectFailure(fetchUrl(site.url("/article-simple"), { allow: parseAllowList([]) }));
    expect(failure).toMatchObject({ code: "private_address", status: 403 });
    expect(failure.message).toBe("The target resolves to an address vellum does not fetch (private, local or reserved).");
    expect(site.hits("/article-simple")).toBe(hitsBefore);
  });

  test("an allow entry for another port does not help", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/article-simple"), { allow: parseAllowList([`127.0.0.1:${site.port + 1}`]) }));
    expect(failure.code).toBe("private_address");
  });

  test("a CIDR allow entry admits the site", async () => {
    const result = await expectSuccess(fetchUrl(site.url("/article-simple"), { allow: parseAllowList(["127.0.0.0/8"]) }));
    expect(result.status).toBe(200);
  });

  // Each spelling reaches the site when allowed (so the form really denotes 127.0.0.1) and is refused otherwise.
  const hostileLoopbacks: Array<[string, (port: number) => string]> = [
    ["decimal", (port) => `http://2130706433:${port}/article-simple`],
    ["octal", (port) => `http://0177.0.0.1:${port}/article-simple`],
    ["hex", (port) => `http://0x7f.1:${port}/article-simple`],
    ["hex dword", (port) => `http://0x7f000001:${port}/article-simple`],
    ["short", (port) => `http://127.1:${port}/article-simple`],
  ];
  test.each(hostileLoopbacks)("%s IPv4 form is refused, and reaches the site only when allowed", async (_name, build) => {
    const url = build(site.port);
    const refused = await expectFailure(fetchUrl(url, { allow: parseAllowList([]) }));
    expect(refused).toMatchObject({ code: "private_address", status: 403 });
    const allowed = await expectSuccess(fetchUrl(url));
    expect(allowed.finalUrl).toBe(site.url("/article-simple"));
  });

  test.each([
    ["bracketed IPv6 loopback", "http://[::1]/"],
    ["long-form IPv6 loopback", "http://[0:0:0:0:0:0:0:1]:8080/"],
    ["IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped IPv6, hex", "http://[::ffff:7f00:1]/"],
    ["NAT64 of 10.0.0.1", "http://[64:ff9b::a00:1]/"],
    ["6to4 of 192.168.1.1", "http://[2002:c0a8:101::1]/"],
    ["unique local", "http://[fd00::1]/"],
    ["link-local", "http://[fe80::1]/"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
    ["cloud metadata, octal", "http://0251.0376.0251.0376/latest/meta-data/"],
    ["unspecified", "http://0.0.0.0/"],
    ["private 10/8", "http://10.0.0.1/"],
  ])("%s (%s) is refused before any connection", async (_name, url) => {
    // Not even on the allow list's port: the site entry must not leak to other addresses.
    const failure = await expectFailure(fetchUrl(url));
    expect(failure).toMatchObject({ code: "private_address", status: 403 });
  });

  test("a name that resolves to loopback is refused", async () => {
    const dns = fakeDns({ "loopback.test": ["127.0.0.1"] });
    const failure = await expectFailure(
      fetchUrl(`http://loopback.test:${site.port}/`, { allow: parseAllowList([]), resolve: dns.resolve }),
    );
    expect(failure).toMatchObject({ code: "private_address", status: 403 });
    expect(failure.message).toBe("The target resolves to an address vellum does not fetch (private, local or reserved).");
  });

  test("one private answer among public ones is enough to refuse", async () => {
    const dns = fakeDns({ "mixed.test": ["93.184.215.14", "2606:4700::1111", "10.1.2.3"] });
    const failure = await expectFailure(fetchUrl("http://mixed.test/", { resolve: dns.resolve }));
    expect(failure).toMatchObject({ code: "private_address", status: 403 });
    expect(failure.message).not.toContain("10.1.2.3"); // internal DNS is not echoed back
  });

  // Issue 11: a message naming the kind (loopback, cloud metadata, private…) mapped internal DNS.
  test("the refusal does not tell which kind of internal address a name resolves to", async () => {
    const dns = fakeDns({ "a.test": ["127.0.0.1"], "b.test": ["169.254.169.254"], "c.test": ["10.0.0.7"], "d.test": ["fd00::1"] });
    const messages = new Set<string>();
    for (const host of ["a.test", "b.test", "c.test", "d.test"]) {
      const failure = await expectFailure(fetchUrl(`http://${host}/`, { allow: parseAllowList([]), resolve: dns.resolve }));
      expect(failure).toMatchObject({ code: "private_address", status: 403 });
      messages.add(failure.message);
    }
    expect([...messages]).toEqual(["The target resolves to an address vellum does not fetch (private, local or reserved)."]);
  });

  test("the system resolver is vetted too: localhost is refused", async () => {
    const failure = await expectFailure(fetchUrl(`http://localhost:${site.port}/`, { allow: parseAllowList([]) }));
    expect(failure.code).toBe("private_address");
  });
});

describe("pinning the vetted address", () => {
  test("connects to the resolved address once, keeping the name in the Host header", async () => {
    // A rebinding resolver: the first answer passes the guard, any later one points elsewhere.
    let calls = 0;
    const resolve = async () => (++calls === 1 ? ["127.0.0.1"] : ["192.0.2.1"]);
    const result = await expectSuccess(
      fetchUrl(`http://site.test:${site.port}/headers`, { resolve, allow: parseAllowList(["127.0.0.1/32"]) }),
    );
    expect(calls).toBe(1);
    const headers = JSON.parse(decode(result.body)) as Record<string, string>;
    expect(headers.host).toBe(`site.test:${site.port}`);
  });

  test("an exact host:port entry admits that name on that port only", async () => {
    const dns = fakeDns({ "intranet.test": ["127.0.0.1"] });
    const allow = parseAllowList([`intranet.test:${site.port}`]);
    await expectSuccess(fetchUrl(`http://intranet.test:${site.port}/article-simple`, { allow, resolve: dns.resolve }));
    const other = await expectFailure(fetchUrl(`http://intranet.test:${site.port + 1}/article-simple`, { allow, resolve: dns.resolve }));
    expect(other.code).toBe("private_address");
  });
});

describe("redirects", () => {
  test.each([301, 302, 303, 307, 308])("follows a %d and reports the final URL", async (code) => {
    const result = await expectSuccess(fetchUrl(site.url(`/redirect?to=/article-simple&code=${code}`)));
    expect(result.finalUrl).toBe(site.url("/article-simple"));
    expect(result.redirects).toBe(1);
    expect(decode(result.body)).toBe(SIMPLE_ARTICLE.html);
  });

  test("follows exactly 5 redirects", async () => {
    const result = await expectSuccess(fetchUrl(site.url("/redirect?to=/article-simple&n=5")));
    expect(result.redirects).toBe(5);
  });

  test("a 6th redirect is upstream_failed", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/redirect?to=/article-simple&n=6")));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
    expect(failure).not.toHaveProperty("upstreamStatus");
  });

  test.each([
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data/"],
    ["loopback on a port not allowed", () => `http://127.0.0.1:${site.port + 1}/`],
    ["IPv6 loopback", () => `http://[::1]:${site.port}/`],
    ["decimal loopback", () => `http://2130706433:${site.port + 1}/`],
  ])("a chain ending on a private address (%s) is private_address", async (_name, target) => {
    const to = encodeURIComponent(target());
    const failure = await expectFailure(fetchUrl(site.url(`/redirect?to=${to}&n=3`)));
    expect(failure).toMatchObject({ code: "private_address", status: 403 });
  });

  test("a redirect to a name resolving to a private address is private_address", async () => {
    const dns = fakeDns({ "internal.test": ["192.168.0.10"] });
    const to = encodeURIComponent("http://internal.test/admin");
    const failure = await expectFailure(fetchUrl(site.url(`/redirect?to=${to}`), { resolve: dns.resolve }));
    expect(failure.code).toBe("private_address");
    expect(dns.calls).toEqual(["internal.test"]);
  });

  test.each([
    ["ftp", "ftp://example.com/file"],
    ["file", "file:///etc/passwd"],
    ["userinfo", "http://user:pw@example.com/"],
  ])("a redirect to an unsupported URL (%s) is upstream_failed", async (_name, target) => {
    const failure = await expectFailure(fetchUrl(site.url(`/redirect?to=${encodeURIComponent(target)}`)));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
  });
});

describe("size cap", () => {
  test("a 6 MiB streamed body is too_large", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/big")));
    expect(failure).toMatchObject({ code: "too_large", status: 413 });
  });

  test("a declared 6 MiB Content-Length is too_large", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/big-declared")));
    expect(failure).toMatchObject({ code: "too_large", status: 413 });
  });

  test("a body of exactly maxBytes passes; one byte less is too_large", async () => {
    await expectSuccess(fetchUrl(site.url("/article-simple"), { maxBytes: SIMPLE_BYTES }));
    const failure = await expectFailure(fetchUrl(site.url("/article-simple"), { maxBytes: SIMPLE_BYTES - 1 }));
    expect(failure.code).toBe("too_large");
  });

  test("the cap counts decoded bytes, not bytes on the wire", async () => {
    // The gzip form is far smaller than the cap; the inflated page is one byte over it.
    const failure = await expectFailure(fetchUrl(site.url("/encoded/gzip"), { maxBytes: SIMPLE_BYTES - 1 }));
    expect(failure.code).toBe("too_large");
  });

  test("a gzip bomb (1 GiB inflated) is cut at the cap without inflating it all", async () => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const failure = await expectFailure(fetchUrl(site.url("/bomb")));
    expect(failure).toMatchObject({ code: "too_large", status: 413 });
    expect(performance.now() - started).toBeLessThan(1500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * MiB);
  });
});

describe("timeouts", () => {
  test("a body that drips one byte every 50 ms is upstream_timeout at the deadline", async () => {
    const started = performance.now();
    const failure = await expectFailure(fetchUrl(site.url("/slow"), { timeoutMs: 600 }));
    const elapsed = performance.now() - started;
    expect(failure).toMatchObject({ code: "upstream_timeout", status: 502 });
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(1500);
  });

  test("a server that never answers is upstream_timeout", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/hang"), { timeoutMs: 500 }));
    expect(failure).toMatchObject({ code: "upstream_timeout", status: 502 });
  });

  test("the deadline spans all hops, not each one", async () => {
    // Every step is well under the deadline, but four lookups of 300 ms are not.
    const resolve = async () => {
      await Bun.sleep(300);
      return ["127.0.0.1"];
    };
    const to = encodeURIComponent(`http://site.test:${site.port}/article-simple`);
    const hop = `http://site.test:${site.port}/redirect?to=${to}&n=3`;
    const failure = await expectFailure(fetchUrl(hop, { resolve, timeoutMs: 1000 }));
    expect(failure.code).toBe("upstream_timeout");
  });

  test("a caller signal aborting with a TimeoutError is upstream_timeout", async () => {
    const failure = await expectFailure(fetchUrl(site.url("/slow"), { signal: AbortSignal.timeout(300) }));
    expect(failure.code).toBe("upstream_timeout");
  });

  test("a caller cancelling is upstream_failed", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const failure = await expectFailure(fetchUrl(site.url("/slow"), { signal: controller.signal }));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
  });
});

describe("upstream failures", () => {
  test.each([404, 410, 429, 500, 503])("HTTP %d is upstream_failed with upstreamStatus", async (status) => {
    const failure = await expectFailure(fetchUrl(site.url(`/status/${status}`)));
    expect(failure).toEqual({
      ok: false,
      code: "upstream_failed",
      status: 502,
      message: `The target answered with HTTP ${status}.`,
      upstreamStatus: status,
    });
  });

  test("a refused connection is upstream_failed", async () => {
    const port = await closedPort();
    const failure = await expectFailure(fetchUrl(`http://127.0.0.1:${port}/`, { allow: parseAllowList(["127.0.0.1/32"]) }));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
    expect(failure).not.toHaveProperty("upstreamStatus");
  });

  test("a DNS failure is upstream_failed", async () => {
    const dns = fakeDns({});
    const failure = await expectFailure(fetchUrl("http://no-such-host.test/", { resolve: dns.resolve }));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
  });

  test("a name with no addresses is upstream_failed", async () => {
    const dns = fakeDns({ "empty.test": [] });
    const failure = await expectFailure(fetchUrl("http://empty.test/", { resolve: dns.resolve }));
    expect(failure.code).toBe("upstream_failed");
  });

  test.each([
    ["ftp", "ftp://example.com/"],
    ["userinfo", "http://user@example.com/"],
  ])("an unacceptable starting URL (%s) is invalid_request", async (_name, url) => {
    const failure = await expectFailure(fetchUrl(url));
    expect(failure).toMatchObject({ code: "invalid_request", status: 400 });
  });
});

describe("environment proxies", () => {
  const PROXY_VARIABLES = ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"];

  test("HTTP_PROXY and friends are ignored", async () => {
    let proxied = 0;
    const proxy = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => {
        proxied++;
        return new Response("from the proxy");
      },
    });
    const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
    try {
      for (const name of PROXY_VARIABLES) process.env[name] = `http://127.0.0.1:${proxy.port}`;
      // Precondition: Bun's own fetch() does obey the variables, so the check below can fail.
      expect(await (await fetch(site.url("/article-simple"))).text()).toBe("from the proxy");
      proxied = 0;

      const result = await expectSuccess(fetchUrl(site.url("/article-simple")));
      expect(decode(result.body)).toBe(SIMPLE_ARTICLE.html);
      expect(proxied).toBe(0);
    } finally {
      for (const name of PROXY_VARIABLES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      await proxy.stop(true);
    }
  });
});

describe("HTTPS: SNI and certificate checked against the URL name, not the pinned address", () => {
  // A self-signed test certificate for "vellum-tls.test", valid 2000-2099; it is trusted nowhere but here.
  const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmDCCAT6gAwIBAgIBATAKBggqhkjOPQQDAjAaMRgwFgYDVQQDDA92ZWxsdW0t
dGxzLnRlc3QwIBcNMDAwMTAxMDAwMDAwWhgPMjA5OTEyMzEwMDAwMDBaMBoxGDAW
BgNVBAMMD3ZlbGx1bS10bHMudGVzdDBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IA
BJWNhRLIDVoCAdPeprEveeegzwmYP5wJcP+36k/7WoUYuL8nx5SoQTWSEanlcmJQ
ZpszqmVTiCIAWV/Hf+UoTCqjczBxMBoGA1UdEQQTMBGCD3ZlbGx1bS10bHMudGVz
dDAPBgNVHRMBAf8EBTADAQH/MA4GA1UdDwEB/wQEAwIChDATBgNVHSUEDDAKBggr
BgEFBQcDATAdBgNVHQ4EFgQUeteYvc61N1sApN/OJB1wXiwA+pkwCgYIKoZIzj0E
AwIDSAAwRQIhALe64RA83mzbqFgkF82k+pBibZXEiVIjCHOVRRUa1oM+AiBBf9Ox
nLPB4FxZn7fMuZufkrw5LA+TqOEY7tC6PgFA+g==
-----END CERTIFICATE-----
`;
  const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgG/Ou5JgvKNdX6d0x
n3N+jvcR4ZFq8YFdw/P6WEQEfDihRANCAASVjYUSyA1aAgHT3qaxL3nnoM8JmD+c
CXD/t+pP+1qFGLi/J8eUqEE1khGp5XJiUGabM6plU4giAFlfx3/lKEwq
-----END PRIVATE KEY-----
`;
  let tlsServer: ReturnType<typeof Bun.serve>;
  let port: number;
  const dns = fakeDns({ "vellum-tls.test": ["127.0.0.1"], "other-name.test": ["127.0.0.1"] });
  const tlsPolicy = (overrides: Partial<FetchPolicy> = {}) => ({
    resolve: dns.resolve,
    allow: parseAllowList(["127.0.0.1/32"]),
    tlsCa: TLS_CERT,
    ...overrides,
  });

  beforeAll(() => {
    tlsServer = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { cert: TLS_CERT, key: TLS_KEY },
      fetch: (request) => new Response(`host=${request.headers.get("host")}`),
    });
    port = tlsServer.port as number;
  });
  afterAll(() => tlsServer.stop(true));

  test("the right name over the pinned address succeeds, with that name as Host", async () => {
    const result = await expectSuccess(fetchUrl(`https://vellum-tls.test:${port}/`, tlsPolicy()));
    expect(decode(result.body)).toBe(`host=vellum-tls.test:${port}`);
  });

  test("another name pinned to the same address fails the certificate check", async () => {
    const failure = await expectFailure(fetchUrl(`https://other-name.test:${port}/`, tlsPolicy()));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
  });

  test("the bare address fails the certificate check", async () => {
    const failure = await expectFailure(fetchUrl(`https://127.0.0.1:${port}/`, tlsPolicy()));
    expect(failure.code).toBe("upstream_failed");
  });

  test("an untrusted (self-signed) certificate is upstream_failed", async () => {
    const failure = await expectFailure(fetchUrl(`https://vellum-tls.test:${port}/`, tlsPolicy({ tlsCa: undefined })));
    expect(failure).toMatchObject({ code: "upstream_failed", status: 502 });
  });
});
