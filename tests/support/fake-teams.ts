import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { text as readBody } from "node:stream/consumers";

/**
 * A local stand-in for the Bot Framework as Microsoft Teams uses it: the
 * token endpoint the bot asks for its own token (client credentials, a JWT
 * signed with the stand-in's RSA key), the OpenID metadata and keys the
 * SDK checks incoming activities' tokens against, and the connector service
 * (a conversation's serviceUrl) the bot posts to. It records every
 * connector call, answers 429 with Retry-After once when asked to, and
 * refuses calls whose bearer token it did not issue.
 */
export const BOT_ISSUER = "https://api.botframework.com";

export type ConnectorCall = {
  method: "POST" | "PUT";
  conversationId: string;
  /** The activity a PUT replaces or a POST replies to. */
  activityId: string | null;
  body: Record<string, unknown>;
  at: number;
  status: number;
};

export type FakeTeams = {
  url: string;
  /** Where the bot's token is asked (TEAMS_LOGIN_URL). */
  loginUrl: string;
  /** The OpenID metadata document (TEAMS_OPENID_URL). */
  openIdUrl: string;
  /** The connector service activities name as their serviceUrl. */
  serviceUrl: string;
  calls: ConnectorCall[];
  /** Connector calls that went through. */
  done(method?: "POST" | "PUT"): ConnectorCall[];
  /** The next connector call of this method gets 429 with this Retry-After (seconds). */
  rateLimitOnce(method: "POST" | "PUT", retryAfterSeconds: number): void;
  /** How many tokens the bot was given. */
  tokensIssued(): number;
  /**
   * A token the Bot Framework puts on an activity it sends to the bot:
   * signed by the stand-in's published key unless `rogueKey` (a key that is
   * not in its JWKS).
   */
  activityToken(options: {
    appId: string;
    serviceUrl?: string;
    expiresInSeconds?: number;
    issuedSecondsAgo?: number;
    rogueKey?: boolean;
  }): string;
  stop(): Promise<void>;
};

type Key = { privateKey: crypto.KeyObject; publicKey: crypto.KeyObject; kid: string };

function rsaKey(kid: string): Key {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKey, publicKey, kid };
}

function signJwt(key: Key, claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const input = `${part({ alg: "RS256", typ: "JWT", kid: key.kid, x5t: key.kid })}.${part(claims)}`;
  return `${input}.${crypto.sign("sha256", Buffer.from(input), key.privateKey).toString("base64url")}`;
}

function verifyJwt(key: Key, token: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return null;
  const ok = crypto.verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    key.publicKey,
    Buffer.from(signature, "base64url"),
  );
  if (!ok) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  return Number(claims.exp) * 1000 > Date.now() ? claims : null;
}

export async function startFakeTeams(bot: { appId: string; appPassword: string }): Promise<FakeTeams> {
  const signing = rsaKey("circleup-test-key");
  const rogue = rsaKey("not-published-key");
  const calls: ConnectorCall[] = [];
  const limited = new Map<string, number>();
  let issued = 0;
  let sequence = 0;
  let url = "";

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const send = (status: number, body?: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(body ? JSON.stringify(body) : "");
    };
    const text = await readBody(req);
    if (req.method === "GET" && path === "/openid") {
      return send(200, {
        issuer: BOT_ISSUER,
        authorization_endpoint: `${url}/botframework.com/oauth2/v2.0/authorize`,
        jwks_uri: `${url}/keys`,
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["private_key_jwt"],
      });
    }
    if (req.method === "GET" && path === "/keys") {
      const jwk = signing.publicKey.export({ format: "jwk" });
      return send(200, { keys: [{ ...jwk, kid: signing.kid, use: "sig", alg: "RS256", endorsements: ["msteams"] }] });
    }
    if (req.method === "POST" && path === "/botframework.com/oauth2/v2.0/token") {
      const form = new URLSearchParams(text);
      if (form.get("client_id") !== bot.appId || form.get("client_secret") !== bot.appPassword) {
        return send(401, { error: "invalid_client" });
      }
      issued += 1;
      const now = Math.floor(Date.now() / 1000);
      const access_token = signJwt(signing, {
        aud: BOT_ISSUER,
        iss: "https://sts.windows.net/d6d49420-f39b-4df7-a1dc-d59a935871db/",
        appid: bot.appId,
        iat: now,
        nbf: now,
        exp: now + 3600,
      });
      return send(200, { token_type: "Bearer", expires_in: 3600, ext_expires_in: 3600, access_token });
    }
    const connector = /^\/teams\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/.exec(path);
    if (connector && (req.method === "POST" || req.method === "PUT")) {
      const method = req.method;
      const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      const claims = verifyJwt(signing, token);
      const record = (status: number) =>
        calls.push({
          method,
          conversationId: decodeURIComponent(connector[1] ?? ""),
          activityId: connector[2] ? decodeURIComponent(connector[2]) : null,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          at: Date.now(),
          status,
        });
      if (!claims || claims.appid !== bot.appId) {
        record(401);
        return send(401, { error: { code: "Unauthorized", message: "Authorization has been denied" } });
      }
      const wait = limited.get(method);
      if (wait !== undefined) {
        limited.delete(method);
        record(429);
        return send(429, { error: { code: "TooManyRequests" } }, { "retry-after": String(wait) });
      }
      record(200);
      if (method === "PUT") return send(200, { id: decodeURIComponent(connector[2] ?? "") });
      sequence += 1;
      return send(201, { id: `1700000000${String(sequence).padStart(3, "0")}` });
    }
    send(404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    loginUrl: `${url}/botframework.com`,
    openIdUrl: `${url}/openid`,
    serviceUrl: `${url}/teams/`,
    calls,
    done: (method) => calls.filter((c) => c.status === 200 && (!method || c.method === method)),
    rateLimitOnce: (method, seconds) => limited.set(method, seconds),
    tokensIssued: () => issued,
    activityToken({ appId, serviceUrl, expiresInSeconds = 3600, issuedSecondsAgo = 0, rogueKey = false }) {
      const now = Math.floor(Date.now() / 1000) - issuedSecondsAgo;
      return signJwt(rogueKey ? rogue : signing, {
        iss: BOT_ISSUER,
        aud: appId,
        serviceurl: serviceUrl ?? `${url}/teams/`,
        nbf: now,
        iat: now,
        exp: now + expiresInSeconds,
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
