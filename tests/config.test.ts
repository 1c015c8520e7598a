import { describe, expect, test } from "bun:test";
import { ConfigError, parseStoredSetting, resolveConfig } from "../src/config.ts";

describe("configuration layers", () => {
  test("defaults apply when nothing is set", () => {
    const { config, sources } = resolveConfig({}, {}, {});
    expect(config.http).toEqual({ host: "127.0.0.1", port: 8402 });
    expect(config.dir).toBe("./vellum_data");
    expect(config.network).toBe("eip155:8453");
    expect(config.chainId).toBe(8453);
    expect(config.usdc).toBe("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    expect(config.confirmations).toBe(2);
    expect(config.freeCallsPerDay).toBe(5);
    expect(config.kitPriceUsd).toBe("29");
    expect(config.kitDownloads).toBe(5);
    expect(config.payTo).toBeNull();
    expect(sources.freeCallsPerDay).toBe("default");
  });

  test("flags win over env, env over stored, stored over defaults", () => {
    const stored = { freeCallsPerDay: 7, confirmations: 3, kitDownloads: 9 };
    const env = { VELLUM_FREE_CALLS_PER_DAY: "8", VELLUM_CONFIRMATIONS: "4" };
    const { config, sources } = resolveConfig({ freeCallsPerDay: "9" }, env, stored);
    expect(config.freeCallsPerDay).toBe(9);
    expect(sources.freeCallsPerDay).toBe("flag");
    expect(config.confirmations).toBe(4);
    expect(sources.confirmations).toBe("env");
    expect(config.kitDownloads).toBe(9);
    expect(sources.kitDownloads).toBe("stored");
  });

  test("repeatable --rpc-url keeps the fallback order; env takes a comma list", () => {
    expect(resolveConfig({ rpcUrls: ["http://a.test:1", "http://b.test:2"] }, {}, {}).config.rpcUrls).toEqual([
      "http://a.test:1",
      "http://b.test:2",
    ]);
    expect(resolveConfig({}, { VELLUM_RPC_URL: "http://c.test, http://d.test" }, {}).config.rpcUrls).toEqual([
      "http://c.test",
      "http://d.test",
    ]);
  });

  test("pay-to is normalised to its checksum and a wrong checksum is refused", () => {
    const lower = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    expect(resolveConfig({ payTo: lower }, {}, {}).config.payTo).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(() => resolveConfig({ payTo: "0x70997970C51812DC3a010c7d01b50e0d17dc79c8" }, {}, {})).toThrow(/checksum/);
  });

  const bad: [string, Parameters<typeof resolveConfig>, RegExp][] = [
    ["a port out of range", [{ http: "127.0.0.1:70000" }, {}, {}], /--http: port 70000/],
    ["a missing port", [{ http: "localhost" }, {}, {}], /--http: expected HOST:PORT/],
    [
      "a negative number in the env",
      [{}, { VELLUM_CONFIRMATIONS: "-1" }, {}],
      /VELLUM_CONFIRMATIONS: expected a whole number from 1 to 1000, got -1/,
    ],
    ["a non-address pay-to", [{ payTo: "0x1234" }, {}, {}], /--pay-to: "0x1234" is not an EVM address/],
    ["a bad network", [{ network: "base" }, {}, {}], /--network: expected a CAIP-2/],
    ["an ftp RPC URL", [{ rpcUrls: ["ftp://x"] }, {}, {}], /--rpc-url: "ftp:\/\/x" must be an http\(s\) URL/],
    ["a bad CIDR", [{ trustedProxies: "10.0.0.0/33" }, {}, {}], /--trusted-proxies: "10.0.0.0\/33" is not an IP address or CIDR/],
    ["a bad allow entry", [{ allowPrivateTargets: "nonsense entry" }, {}, {}], /--allow-private-targets/],
    ["a bad stored value", [{}, {}, { kitPriceUsd: "abc" }], /stored setting kitPriceUsd: expected a USD amount/],
    ["a bad log format", [{ logFormat: "xml" }, {}, {}], /--log-format: expected json or pretty/],
  ];
  test.each(bad)("refuses %s with a message naming it", (_name, args, message) => {
    expect(() => resolveConfig(...args)).toThrow(message);
    expect(() => resolveConfig(...args)).toThrow(ConfigError);
  });

  test("config set validates the name and the value", () => {
    expect(parseStoredSetting("freeCallsPerDay", "12")).toBe(12);
    expect(parseStoredSetting("rpcUrls", "http://a.test,http://b.test")).toEqual(["http://a.test", "http://b.test"]);
    expect(parseStoredSetting("redeemRequireSignature", "true")).toBe(true);
    expect(() => parseStoredSetting("dir", "/tmp")).toThrow(/not a stored setting/);
    expect(() => parseStoredSetting("confirmations", "0")).toThrow(/confirmations: expected a number from 1/);
  });
});
