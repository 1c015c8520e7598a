// The hostile-load benchmark's attacker (scripts/bench-hostile.ts), in a process of its own that the
// benchmark starts at the lowest CPU priority (`nice -n 19`): it stands in for machines elsewhere on
// the network, so on a 2-core box its own request generation must not take the CPU the measured server
// would have. Keeps `nested` hostile nested pages and `big` 5 MiB downloads in flight (each call
// replaced as it ends) for `ms`, then prints one JSON line: the statuses of the hostile calls.
//
//   nice -n 19 bun scripts/lib/hostile-attack.ts <vellum url> <target origin> <one|spread> <ms> <nested> <big>
//
// "one": every hostile call from one client (one IP); "spread": each slot with its own IP (vellum
// trusts 127.0.0.1 as a proxy and reads X-Forwarded-For).

async function main() {
  const [vellumUrl, origin, mode, msArg, nestedArg, bigArg] = process.argv.slice(2);
  if (!vellumUrl || !origin || (mode !== "one" && mode !== "spread") || !msArg || !nestedArg || !bigArg) {
    throw new Error("usage: hostile-attack.ts <vellum url> <origin> <one|spread> <ms> <nested> <big>");
  }
  const nested = Number(nestedArg);
  const big = Number(bigArg);
  const until = performance.now() + Number(msArg);
  const ipFor = (slot: number) => (mode === "one" ? "203.0.113.7" : `198.18.${Math.floor(slot / 250)}.${(slot % 250) + 1}`);
  const tag = `${process.pid}-${Date.now()}`;
  let seq = 0;
  const statuses: Record<string, Record<number, number>> = { nested: {}, big: {} };
  const keep = async (kind: "nested" | "big", slot: number) => {
    while (performance.now() < until) {
      const r = await fetch(`${vellumUrl}/extract`, {
        method: "POST",
        headers: { "x-free-trial": "1", "content-type": "application/json", "x-forwarded-for": ipFor(slot) },
        // Every URL distinct, so the extraction cache never answers.
        body: JSON.stringify({ url: `${origin}/${kind}/${tag}-${seq++}` }),
      }).catch(() => null);
      if (!r) continue;
      await r.arrayBuffer().catch(() => {});
      statuses[kind]![r.status] = (statuses[kind]![r.status] ?? 0) + 1;
      // A refused call comes back at once: pause so the flood does not become a CPU benchmark.
      if (r.status !== 200) await Bun.sleep(250);
    }
  };
  await Promise.all([
    ...Array.from({ length: nested }, (_, i) => keep("nested", i)),
    ...Array.from({ length: big }, (_, i) => keep("big", nested + i)),
  ]);
  console.log(JSON.stringify(statuses));
}

if (import.meta.main) await main();
