import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { text as readBody } from "node:stream/consumers";

/**
 * A local stand-in for Discord: the REST API calls CircleUp makes (under
 * /api/v10: the OAuth2 token exchange returning the channel's webhook, the
 * installer and their guilds, executing the webhook with ?wait=true and
 * editing its messages) and the OAuth2 authorize page, which approves at
 * once and sends the browser back. The real SDK points at it through
 * DISCORD_API_URL. It records every call, answers 429 with retry_after
 * once when asked to, and answers 404 Unknown Webhook for a deleted webhook
 * as Discord does. It also takes the application's own sign-in and its
 * command registration (scripts/discord-register-commands.mjs). Requests INTO CircleUp are signed with a real Ed25519
 * key pair, whose public key the servers are given.
 */
export type DiscordCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  at: number;
  status: number;
};

export const DISCORD_GUILD = { id: "900000000000000001", name: "Circle Works" };
export const DISCORD_CHANNEL = "900000000000000010";
export const DISCORD_INSTALLER = "900000000000000100";

export type FakeDiscord = {
  url: string;
  apiUrl: string;
  calls: DiscordCall[];
  /** The webhook the last install was given. */
  webhook: { id: string; token: string };
  /** Messages posted through the webhook (not edits), Discord answered 200. */
  posts(): DiscordCall[];
  edits(): DiscordCall[];
  /** The next webhook execute gets 429 with this retry_after (seconds); later ones go through. */
  rateLimitOnce(retryAfterSeconds: number): void;
  /** The webhook is deleted in Discord: every call through it answers 404 Unknown Webhook. */
  deleteWebhook(): void;
  /** Signs a body as Discord signs what it sends to the application. */
  sign(body: string, timestamp: number): string;
  publicKey: string;
  stop(): Promise<void>;
};

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const calls: DiscordCall[] = [];
  const { publicKey, privateKey } = crypto.generateKeyPairSync("ed25519");
  // The raw 32-byte key, hex, as the Developer Portal shows it: the last 32 bytes of its DER form.
  const publicHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
  let limitedFor: number | null = null;
  let webhook = { id: "", token: "" };
  let deleted = false;
  let message = 910_000_000_000_000_000n;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: object | null, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body ? JSON.stringify(body) : undefined);
    };
    if (url.pathname === "/oauth2/authorize") {
      // The person picks the channel and approves at once: back to the app with a code and the state it sent.
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "fake-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const text = await readBody(req);
    const type = req.headers["content-type"] ?? "";
    const body: Record<string, unknown> = !text
      ? {}
      : type.includes("json")
        ? (JSON.parse(text) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(text));
    const path = url.pathname.replace(/^\/api\/v10/, "");
    const method = req.method ?? "GET";
    const record = (status: number) =>
      calls.push({ method, path, query: url.searchParams, body, at: Date.now(), status });

    if (method === "POST" && path === "/oauth2/token" && body.grant_type === "client_credentials") {
      // The application signs in as itself, with its id and secret in Basic auth.
      const basic = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
      record(basic.endsWith(":") || !basic.includes(":") ? 401 : 200);
      if (!basic.includes(":")) return send(401, { error: "invalid_client" });
      return send(200, { access_token: "app-token", token_type: "Bearer", expires_in: 604800, scope: body.scope });
    }
    const commands = /^\/applications\/(\d+)\/commands$/.exec(path);
    if (method === "PUT" && commands && req.headers.authorization === "Bearer app-token") {
      record(200);
      const list = (JSON.parse(text) as object[]).map((command, i) => ({
        id: `96000000000000000${i}`,
        application_id: commands[1],
        version: "1",
        ...command,
      }));
      return send(200, list);
    }
    if (method === "POST" && path === "/oauth2/token") {
      record(200);
      webhook = { id: "920000000000000001", token: crypto.randomBytes(32).toString("base64url") };
      deleted = false;
      return send(200, {
        access_token: "fake-access-token",
        token_type: "Bearer",
        expires_in: 604800,
        refresh_token: "fake-refresh-token",
        scope: String(body.scope ?? "applications.commands webhook.incoming identify guilds"),
        webhook: {
          application_id: "800000000000000001",
          name: "CircleUp",
          url: `https://discord.com/api/webhooks/${webhook.id}/${webhook.token}`,
          channel_id: DISCORD_CHANNEL,
          token: webhook.token,
          type: 1,
          avatar: null,
          guild_id: DISCORD_GUILD.id,
          id: webhook.id,
        },
      });
    }
    if (method === "GET" && path === "/users/@me") {
      record(200);
      return send(200, { id: DISCORD_INSTALLER, username: "owner", global_name: "Owner", discriminator: "0" });
    }
    if (method === "GET" && path === "/users/@me/guilds") {
      record(200);
      return send(200, [{ id: "900000000000000002", name: "Elsewhere" }, DISCORD_GUILD]);
    }
    const hook = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/(\d+))?$/.exec(path);
    if (hook) {
      if (deleted || hook[1] !== webhook.id || hook[2] !== webhook.token) {
        record(404);
        return send(404, { message: "Unknown Webhook", code: 10015 });
      }
      if (method === "POST" && limitedFor !== null) {
        const wait = limitedFor;
        limitedFor = null;
        record(429);
        return send(
          429,
          { message: "You are being rate limited.", retry_after: wait, global: false },
          { "retry-after": String(wait) },
        );
      }
      record(200);
      if (method === "POST") {
        message += 1n;
        return send(200, { id: String(message), channel_id: DISCORD_CHANNEL, webhook_id: webhook.id, ...body });
      }
      if (method === "PATCH") return send(200, { id: hook[3], channel_id: DISCORD_CHANNEL, ...body });
    }
    record(404);
    return send(404, { message: "404: Not Found", code: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hooks = () => calls.filter((c) => c.path.startsWith("/webhooks/") && c.status === 200);
  return {
    url,
    apiUrl: `${url}/api/v10`,
    calls,
    get webhook() {
      return webhook;
    },
    posts: () => hooks().filter((c) => c.method === "POST"),
    edits: () => hooks().filter((c) => c.method === "PATCH"),
    rateLimitOnce: (seconds) => {
      limitedFor = seconds;
    },
    deleteWebhook: () => {
      deleted = true;
    },
    sign: (body, timestamp) => crypto.sign(null, Buffer.from(`${timestamp}${body}`), privateKey).toString("hex"),
    publicKey: publicHex,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A request into CircleUp signed as Discord signs it: Ed25519 over timestamp + body. */
export function sendSignedToApp(
  url: string,
  discord: Pick<FakeDiscord, "sign">,
  payload: object,
  options: { timestamp?: number; signature?: string } = {},
): Promise<Response> {
  const body = JSON.stringify(payload);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature-ed25519": options.signature ?? discord.sign(body, timestamp),
      "x-signature-timestamp": String(timestamp),
    },
    body,
  });
}
