// Paying vellum from a stock x402 client (README, "Paying from an x402 client"); run by
// tests/payments/readme-snippet.test.ts. VELLUM_URL and PRIVATE_KEY come from the environment.
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxClientExtension } from "@x402/extensions/sign-in-with-x";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";

const account = privateKeyToAccount(process.env.PRIVATE_KEY as `0x${string}`);
const client = new x402Client();
registerExactEvmScheme(client, { signer: account }); // pays $1.00 (100 calls) when asked
client.registerExtension(createSIWxClientExtension({ signers: [account] })); // then spends them
const fetchPaid = wrapFetchWithPayment(fetch, client);

const res = await fetchPaid(`${process.env.VELLUM_URL}/extract`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ url: process.argv[2] }),
});
const article = await res.json();
console.log(res.status, article.title, article.usage);
