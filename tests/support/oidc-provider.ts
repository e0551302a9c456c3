import http from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./ports";

export type OidcUser = { sub: string; email: string; emailVerified: boolean; name: string };

export type OidcTestProvider = { issuer: string; close(): Promise<void> };

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A real OpenID Connect provider (oidc-provider) on loopback standing in for
 * Google. Its login page lists the test users as buttons ("Sign in as ...");
 * consent is granted at once, as Google does for a returning user.
 */
export async function startOidcProvider({
  clientId,
  clientSecret,
  redirectUris,
  users,
}: {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  users: OidcUser[];
}): Promise<OidcTestProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    cookies: { keys: ["circleup-test-oidc-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Google puts the profile claims into the ID token too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = users.find((u) => u.sub === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
  });
  const callback = provider.callback();

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action?: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error("interaction mismatch");
    if (details.prompt.name === "login" && action === "login" && req.method === "POST") {
      const form = await readForm(req);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: form.get("sub") ?? "" } },
        {
          mergeWithLastSubmission: false,
        },
      );
      return;
    }
    if (details.prompt.name === "login") {
      const buttons = users
        .map((u) => `<button name="sub" value="${escapeHtml(u.sub)}">Sign in as ${escapeHtml(u.email)}</button>`)
        .join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Test identity provider</title><h1>Choose an account</h1><form method="post" action="/interaction/${uid}/login">${buttons}</form>`,
      );
      return;
    }
    // Consent: grant what was asked for.
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? "", clientId });
    const scope = details.params.scope;
    if (typeof scope === "string") grant.addOIDCScope(scope);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const server = http.createServer((req, res) => {
    const match = /^\/interaction\/([^/?]+)(?:\/(login))?/.exec(req.url ?? "");
    if (!match) return void callback(req, res);
    interaction(req, res, match[1] ?? "", match[2]).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
