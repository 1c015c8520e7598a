/**
 * A JSON-RPC proxy in front of anvil for failures a healthy node never shows: a lagging node
 * that still serves a receipt from a block that was reorganised away, an endpoint answering
 * HTTP 500, or one that hangs. Each request goes to `intercept` first; `undefined` forwards it.
 */

type JsonRpcRequest = { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown[] };

/** What `intercept` decides for one request. */
export type Interception =
  | undefined
  | { result: unknown }
  | { rpcError: { code: number; message: string } }
  | { httpStatus: number }
  | { hang: true };

export interface RpcProxy {
  url: string;
  /** Methods seen, in order (batch members included). */
  seen: string[];
  intercept: (request: JsonRpcRequest) => Interception | Promise<Interception>;
  stop(): void;
}

/** Starts the proxy on 127.0.0.1 (a port the OS picks) forwarding to `target`. */
export function startRpcProxy(target: string): RpcProxy {
  const proxy: RpcProxy = {
    url: "",
    seen: [],
    intercept: () => undefined,
    stop: () => server.stop(true),
  };

  async function answer(request: JsonRpcRequest): Promise<unknown | Response> {
    proxy.seen.push(request.method);
    const decision = await proxy.intercept(request);
    if (decision === undefined) {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(request),
      });
      return res.json();
    }
    if ("hang" in decision) return new Promise(() => {});
    if ("httpStatus" in decision) return new Response("proxy says no", { status: decision.httpStatus });
    if ("rpcError" in decision) return { jsonrpc: "2.0", id: request.id, error: decision.rpcError };
    return { jsonrpc: "2.0", id: request.id, result: decision.result };
  }

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(req) {
      const body = (await req.json()) as JsonRpcRequest | JsonRpcRequest[];
      const requests = Array.isArray(body) ? body : [body];
      const answers = await Promise.all(requests.map(answer));
      const failure = answers.find((a) => a instanceof Response);
      if (failure) return failure as Response;
      return Response.json(Array.isArray(body) ? answers : answers[0]);
    },
  });
  proxy.url = `http://127.0.0.1:${server.port}`;
  return proxy;
}
