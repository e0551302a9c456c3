import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { text as readBody } from "node:stream/consumers";

/**
 * A local stand-in for Slack: its Web API (the methods CircleUp calls, under
 * /api/), its OAuth authorize page and the response_url of interactive
 * payloads. The real SDK points at it through SLACK_API_URL. It records
 * every call, answers 429 with Retry-After once when asked to, and refuses
 * revoked tokens as Slack does.
 */
export type SlackCall = {
  method: string;
  token: string | undefined;
  body: Record<string, unknown>;
  at: number;
  status: number;
};

export type FakeSlack = {
  url: string;
  apiUrl: string;
  calls: SlackCall[];
  /** Calls of one Web API method that Slack answered with ok. */
  done(method: string): SlackCall[];
  /** The next call of `method` gets 429 with this Retry-After (seconds); later ones go through. */
  rateLimitOnce(method: string, retryAfterSeconds: number): void;
  /** Tokens Slack no longer accepts. */
  revoke(token: string): void;
  /** Messages sent to a payload's response_url. */
  responses: { id: string; body: Record<string, unknown> }[];
  stop(): Promise<void>;
};

export const SLACK_WORKSPACE = { id: "T0CIRCLE", name: "Circle Works" };
export const SLACK_CHANNELS = [
  { id: "C0GENERAL", name: "general" },
  { id: "C0ROUNDS", name: "team-rounds" },
];

function parse(text: string, type: string | undefined): Record<string, unknown> {
  if (!text) return {};
  if (type?.includes("json")) return JSON.parse(text) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    try {
      out[k] = v.startsWith("[") || v.startsWith("{") ? JSON.parse(v) : v;
    } catch {
      out[k] = v;
    }
  }
  return out;
}

export async function startFakeSlack(): Promise<FakeSlack> {
  const calls: SlackCall[] = [];
  const responses: FakeSlack["responses"] = [];
  const limited = new Map<string, number>();
  const revoked = new Set<string>();
  let ts = 1_700_000_000;
  const botToken = `xoxb-${crypto.randomBytes(8).toString("hex")}`;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/oauth/v2/authorize") {
      // The person approves at once: back to the app with a code and the state it sent.
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "fake-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const body = parse(await readBody(req), req.headers["content-type"]);
    if (url.pathname.startsWith("/response/")) {
      responses.push({ id: url.pathname.slice("/response/".length), body });
      return send(200, { ok: true });
    }
    const method = url.pathname.replace(/^\/api\//, "");
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "") || (body.token as string | undefined);
    const record = (status: number) => calls.push({ method, token, body, at: Date.now(), status });
    const wait = limited.get(method);
    if (wait !== undefined) {
      limited.delete(method);
      record(429);
      return send(429, { ok: false, error: "ratelimited" }, { "retry-after": String(wait) });
    }
    if (token && revoked.has(token)) {
      record(200);
      return send(200, { ok: false, error: "token_revoked" });
    }
    record(200);
    switch (method) {
      case "oauth.v2.access":
        return send(200, {
          ok: true,
          access_token: botToken,
          token_type: "bot",
          scope: "commands,chat:write,chat:write.public,channels:read,im:write",
          bot_user_id: "U0CIRCLEBOT",
          app_id: "A0CIRCLE",
          team: SLACK_WORKSPACE,
          enterprise: null,
          is_enterprise_install: false,
          authed_user: { id: "U0OWNER" },
        });
      case "auth.test":
        return send(200, { ok: true, team_id: SLACK_WORKSPACE.id, user_id: "U0CIRCLEBOT", bot_id: "B0CIRCLE" });
      case "conversations.list":
        return send(200, { ok: true, channels: SLACK_CHANNELS, response_metadata: { next_cursor: "" } });
      case "chat.postMessage":
        ts += 1;
        return send(200, { ok: true, channel: body.channel, ts: `${ts}.000100`, message: { text: body.text } });
      case "conversations.open":
        // The app's direct message with the person: one channel per user, as Slack answers it.
        return send(200, { ok: true, channel: { id: `D${String(body.users ?? "")}` } });
      case "chat.update":
        return send(200, { ok: true, channel: body.channel, ts: body.ts });
      case "views.open":
        return send(200, { ok: true, view: { id: "V0MODAL" } });
      default:
        return send(200, { ok: false, error: "unknown_method" });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    apiUrl: `${url}/api/`,
    calls,
    done: (method) => calls.filter((c) => c.method === method && c.status === 200),
    rateLimitOnce: (method, seconds) => limited.set(method, seconds),
    revoke: (token) => revoked.add(token),
    responses,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A request into CircleUp signed as Slack signs it: v0 HMAC-SHA256 of `v0:timestamp:body` with the signing secret. */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${crypto.createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export async function sendSignedToApp(
  url: string,
  secret: string,
  body: string,
  options: { contentType: string; timestamp?: number; signature?: string },
): Promise<Response> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": options.contentType,
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": options.signature ?? slackSignature(secret, timestamp, body),
    },
    body,
  });
}
