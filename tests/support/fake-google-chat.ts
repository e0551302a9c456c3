import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { text as readBody } from "node:stream/consumers";

/**
 * A local stand-in for Google's side of a Chat app, on one HTTP server:
 * the OAuth token endpoint (the JWT bearer grant of a service account), the
 * public keys Chat's bearer tokens are checked with (a JSON map of key id to
 * PEM, as Google serves them), and the Chat REST API's messages (create with
 * a client-assigned id, refusing a repeat with 409 ALREADY_EXISTS; get;
 * patch). CircleUp points at it through GOOGLE_CHAT_TOKEN_URL,
 * GOOGLE_CHAT_CERTS_URL and GOOGLE_CHAT_API_URL. It records every API call,
 * answers 429 once when asked, and 404 for a space the app was removed from.
 * Events into CircleUp are signed with its key as Chat signs them.
 */
export type ChatApiCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  status: number;
  at: number;
};

export type FakeMessage = { name: string; text?: string; cardsV2?: unknown; thread: { name: string } };

export type FakeGoogleChat = {
  url: string;
  certsUrl: string;
  tokenUrl: string;
  /** The service account's JSON key, as GOOGLE_CHAT_SERVICE_ACCOUNT takes it. */
  serviceAccountJson: string;
  calls: ChatApiCall[];
  /** Calls the API took (2xx) of one HTTP method. */
  done(method: "POST" | "PATCH" | "GET"): ChatApiCall[];
  messages: Map<string, FakeMessage>;
  /** Access tokens handed out. */
  tokensIssued(): number;
  /** The next create gets 429 with this Retry-After (seconds); later ones go through. */
  rateLimitOnce(retryAfterSeconds: number): void;
  /** The app was removed from this space: the API answers 404 there. */
  remove(space: string): void;
  /** A bearer token as Chat sends it with an event: signed with this stand-in's key. */
  eventToken(claims: { aud: string; iss?: string; email?: string; exp?: number; iat?: number }): string;
  stop(): Promise<void>;
};

export const CHAT_SIGNER = "chat@system.gserviceaccount.com";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function signJwt(privateKey: crypto.KeyObject, kid: string, claims: object): string {
  const head = base64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const body = base64url(JSON.stringify(claims));
  const signature = crypto.sign("RSA-SHA256", Buffer.from(`${head}.${body}`), privateKey);
  return `${head}.${body}.${base64url(signature)}`;
}

function verifyJwt(publicKey: crypto.KeyObject, jwt: string): Record<string, unknown> | null {
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) return null;
  const ok = crypto.verify(
    "RSA-SHA256",
    Buffer.from(`${head}.${body}`),
    publicKey,
    Buffer.from(signature, "base64url"),
  );
  return ok ? (JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>) : null;
}

export async function startFakeGoogleChat(): Promise<FakeGoogleChat> {
  const chatKeys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const accountKeys = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = crypto.randomBytes(8).toString("hex");
  const clientEmail = "circleup-chat@circleup-tests.iam.gserviceaccount.com";
  const serviceAccountJson = JSON.stringify({
    type: "service_account",
    project_id: "circleup-tests",
    private_key_id: "key-1",
    private_key: accountKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    client_email: clientEmail,
    token_uri: "https://oauth2.googleapis.com/token",
  });
  const calls: ChatApiCall[] = [];
  const messages = new Map<string, FakeMessage>();
  const issued = new Set<string>();
  const removed = new Set<string>();
  let limited: number | null = null;
  let threads = 0;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(body));
    };
    const text = await readBody(req);
    if (url.pathname === "/certs") {
      const pem = chatKeys.publicKey.export({ type: "spki", format: "pem" }).toString();
      return send(200, { [kid]: pem }, { "cache-control": "public, max-age=3600" });
    }
    if (url.pathname === "/token") {
      const form = new URLSearchParams(text);
      const claims = verifyJwt(accountKeys.publicKey, form.get("assertion") ?? "");
      const now = Date.now() / 1000;
      if (
        form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" ||
        !claims ||
        claims.iss !== clientEmail ||
        Number(claims.exp) < now
      ) {
        return send(400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
      }
      const token = `ya29.${crypto.randomBytes(12).toString("hex")}`;
      issued.add(token);
      return send(200, { access_token: token, expires_in: 3600, token_type: "Bearer" });
    }
    const api = /^\/v1\/(spaces\/[^/]+)\/messages(?:\/([^/]+))?$/.exec(url.pathname);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const record = (status: number) =>
      calls.push({
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        status,
        at: Date.now(),
      });
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!api) return send(404, { error: { code: 404, status: "NOT_FOUND" } });
    if (!issued.has(token)) {
      record(401);
      return send(401, { error: { code: 401, status: "UNAUTHENTICATED" } });
    }
    const [, space = "", id] = api;
    if (removed.has(space)) {
      record(404);
      return send(404, { error: { code: 404, message: "Space not found.", status: "NOT_FOUND" } });
    }
    if (req.method === "POST" && !id) {
      if (limited !== null) {
        const wait = limited;
        limited = null;
        record(429);
        return send(429, { error: { code: 429, status: "RESOURCE_EXHAUSTED" } }, { "retry-after": String(wait) });
      }
      const messageId = url.searchParams.get("messageId") ?? `m${messages.size + 1}`;
      const name = `${space}/messages/${messageId}`;
      if (messages.has(name)) {
        record(409);
        return send(409, { error: { code: 409, message: "Message already exists.", status: "ALREADY_EXISTS" } });
      }
      const threadName = (body.thread as { name?: string } | undefined)?.name;
      const replying =
        url.searchParams.get("messageReplyOption") === "REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD" && threadName;
      threads += 1;
      const message: FakeMessage = {
        name,
        text: body.text as string | undefined,
        cardsV2: body.cardsV2,
        thread: { name: replying ? threadName : `${space}/threads/t${threads}` },
      };
      messages.set(name, message);
      record(200);
      return send(200, message);
    }
    const name = `${space}/messages/${id}`;
    const message = messages.get(name);
    if (!message) {
      record(404);
      return send(404, { error: { code: 404, status: "NOT_FOUND" } });
    }
    if (req.method === "GET") {
      record(200);
      return send(200, message);
    }
    if (req.method === "PATCH") {
      const mask = (url.searchParams.get("updateMask") ?? "").split(",");
      if (mask.includes("text")) message.text = body.text as string;
      if (mask.includes("cardsV2")) message.cardsV2 = body.cardsV2;
      record(200);
      return send(200, message);
    }
    record(405);
    return send(405, { error: { code: 405 } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    certsUrl: `${url}/certs`,
    tokenUrl: `${url}/token`,
    serviceAccountJson,
    calls,
    done: (method) => calls.filter((c) => c.method === method && c.status === 200),
    messages,
    tokensIssued: () => issued.size,
    rateLimitOnce: (seconds) => {
      limited = seconds;
    },
    remove: (space) => removed.add(space),
    eventToken: ({ aud, iss = CHAT_SIGNER, email, exp, iat }) => {
      const now = Math.floor(Date.now() / 1000);
      return signJwt(chatKeys.privateKey, kid, {
        iss,
        aud,
        ...(email ? { email, email_verified: true } : {}),
        iat: iat ?? now,
        exp: exp ?? now + 3600,
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
