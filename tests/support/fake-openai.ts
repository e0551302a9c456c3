import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake provider does with the next request. */
export type Behaviour =
  | { kind: "answer"; content: string }
  | { kind: "status"; status: number; message: string }
  | { kind: "hang"; ms: number };

export type ReceivedRequest = {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens?: number };
};

/**
 * A real HTTP server on loopback speaking the OpenAI chat-completions
 * protocol, standing in for DeepSeek. Each request takes the next queued
 * behaviour; with none queued it answers with a fresh numbered question.
 */
export async function startFakeOpenAI() {
  const queue: Behaviour[] = [];
  const received: ReceivedRequest[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const path = req.url ?? "";
      if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "Not found" } }));
        return;
      }
      const body = JSON.parse(raw || "{}");
      received.push({ path, authorization: req.headers.authorization, body });
      const next = queue.shift() ?? {
        kind: "answer",
        content: `Which small moment number ${++counter} made this week better for you?`,
      };
      if (next.kind === "hang") {
        const timer = setTimeout(() => res.destroy(), next.ms);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      if (next.kind === "status") {
        res
          .writeHead(next.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: next.message, type: "server_error", code: null } }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `chatcmpl-${received.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content: next.content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    /** Queues behaviours for the next requests, in order. */
    enqueue: (...behaviours: Behaviour[]) => queue.push(...behaviours),
    reset: () => {
      queue.length = 0;
      received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
