/**
 * Copy-paste client snippets, in one place: the README, /docs (the OpenAPI description) and
 * /llms.txt show these exact texts, and tests/contract/snippets.test.ts runs each of them against a
 * real server (and anvil for the payment), so they cannot rot. Each reads its endpoint from
 * VELLUM (default the default listen address) and the page from PAGE.
 */

/** The endpoint the snippets assume (the default listen address); /llms.txt puts its own in its place. */
export const DEFAULT_ENDPOINT = "http://127.0.0.1:8402";

export const CURL_SNIPPET = `VELLUM=\${VELLUM:-http://127.0.0.1:8402}
PAGE=\${PAGE:-https://example.com/}
# The page as Markdown (YAML front matter + Markdown), on the free trial
curl -s "$VELLUM/extract?free=1&format=markdown&url=$PAGE"
# JSON, without navigation and footer, cut at 4000 characters, paid with a key when you have one
curl -s -X POST "$VELLUM/extract" \\
  -H "Authorization: Bearer \${VELLUM_KEY:-none}" -H "X-Free-Trial: 1" \\
  -H "Content-Type: application/json" \\
  -d "{\\"url\\": \\"$PAGE\\", \\"exclude\\": [\\"nav\\", \\"footer\\"], \\"maxChars\\": 4000}"`;

export const FETCH_SNIPPET = `const VELLUM = process.env.VELLUM ?? "http://127.0.0.1:8402";
const page = process.env.PAGE ?? "https://example.com/";
const key = process.env.VELLUM_KEY; // from POST /redeem; without one, the free trial pays

const res = await fetch(\`\${VELLUM}/extract\`, {
  method: "POST",
  headers: {
    "content-type": "application/json",
    ...(key ? { authorization: \`Bearer \${key}\` } : { "x-free-trial": "1" }),
  },
  body: JSON.stringify({ url: page, maxChars: 4000 }),
});
if (res.status === 402) throw new Error(\`payment required: \${(await res.json()).message}\`);
if (!res.ok) throw new Error(\`vellum: \${res.status} \${(await res.json()).message}\`);
const article = await res.json();
console.log(article.title, article.words, article.usage);
console.log(article.markdown.slice(0, 500));`;

export const VIEM_SNIPPET = `import { createWalletClient, erc20Abi, http, parseUnits, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";

const VELLUM = process.env.VELLUM ?? "http://127.0.0.1:8402";
// Where and what to pay: the service's own /health (payTo, the USDC contract).
const health = await (await fetch(\`\${VELLUM}/health\`)).json();
const account = privateKeyToAccount(process.env.PRIVATE_KEY as \`0x\${string}\`);
const wallet = createWalletClient({ account, chain: base, transport: http(process.env.RPC_URL) }).extend(publicActions);

// $1.00 of USDC buys 100 calls; wait for the confirmations the service requires, then redeem.
const hash = await wallet.writeContract({
  address: health.asset.address,
  abi: erc20Abi,
  functionName: "transfer",
  args: [health.payTo, parseUnits("1", 6)],
});
await wallet.waitForTransactionReceipt({ hash, confirmations: 2 });
// 425 (pending / not_confirmed) and 503 (chain_unavailable) say when to ask again in Retry-After.
let res: Response;
for (let attempt = 1; ; attempt++) {
  res = await fetch(\`\${VELLUM}/redeem\`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ txHash: hash }),
  });
  if ((res.status !== 425 && res.status !== 503) || attempt === 10) break;
  await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 2)));
}
const redeemed = await res.json();
if (!res.ok) throw new Error(\`redeem: \${res.status} \${redeemed.message}\`);
console.log(redeemed.apiKey, redeemed.callsRemaining); // keep the key: it is shown once`;

export const SNIPPETS = [
  { id: "curl", title: "curl", language: "sh", code: CURL_SNIPPET },
  { id: "fetch", title: "TypeScript with fetch", language: "ts", code: FETCH_SNIPPET },
  { id: "viem", title: "Paying with viem and /redeem", language: "ts", code: VIEM_SNIPPET },
] as const;

/** The snippets as Markdown sections (the README's "Client snippets" and the /docs description). */
export function snippetsMarkdown(heading = "###"): string {
  return SNIPPETS.map((s) => `${heading} ${s.title}\n\n\`\`\`${s.language}\n${s.code}\n\`\`\``).join("\n\n");
}
