import type { Request as ExpressRequest } from "express";
import { bearerOf } from "~/shared/api-tokens";
import { type CodedError, coded } from "~/shared/errors/codes";
import type { ParsedBody } from "./load-context";

/** Largest request body any form or API call needs, with room to spare; more is a 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What the guards decide: nothing to say, or the error to refuse with (its status follows from its code). */
export type Refusal = CodedError;

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
/** Only these take JSON; better-auth's own endpoints check their bodies themselves. */
const JSON_API = /^\/(?:api\/v1|functions\/v1)\//;
/** An identity provider may post its answer back (response_mode=form_post); the state parameter protects it. */
const SIGN_IN_CALLBACK = /^\/api\/auth\/(?:oauth2\/)?callback\//;

// Control characters other than tab have no place in an address, and a NUL breaks every database lookup.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused
const CONTROL_IN_URL = /%00|[\u0000-\u0008\u000a-\u001f\u007f]/i;

/** In a path, even percent-encoded: no route has one, and some reach URL parsers that refuse them. */
const ENCODED_CONTROL = /%(?:[01][0-9a-f]|7f)/i;

export const isStateChanging = (method: string) => STATE_CHANGING.has(method);

/**
 * Every method some route answers. Anything else (TRACE, WebDAV's PROPFIND...)
 * is refused before routing: a fetch Request cannot even carry TRACE, so it
 * would otherwise end as a 500.
 */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const ALLOWED = new Set<string>(ALLOWED_METHODS);

export function refuseMethod(method: string): Refusal | undefined {
  if (ALLOWED.has(method)) return undefined;
  return coded("METHOD_NOT_ALLOWED", { allow: ALLOWED_METHODS.join(", ") });
}
export const isJsonApi = (path: string) => JSON_API.test(path);

/** A path and query the app can act on: no NUL or control characters, valid percent-encoding. */
export function refuseAddress(originalUrl: string): Refusal | undefined {
  if (CONTROL_IN_URL.test(originalUrl)) return coded("ADDRESS_HAS_CONTROL_CHARACTER");
  const path = originalUrl.split("?", 1)[0] ?? "";
  if (ENCODED_CONTROL.test(path)) return coded("ADDRESS_HAS_CONTROL_CHARACTER");
  try {
    decodeURIComponent(path);
  } catch {
    return coded("ADDRESS_MALFORMED");
  }
  return undefined;
}

/**
 * A browser names the page a request comes from (Origin) or at least whether it
 * is cross-site (Sec-Fetch-Site). State changes are accepted from our own
 * origin only; a sibling subdomain or another port on the same host counts as
 * foreign, which SameSite cookies alone would not catch. Programs that send
 * neither header are not browsers, so there is no victim's cookie to misuse.
 * That is what lets a product-news mail's one-click unsubscribe through: the
 * mail provider's server posts to `/unsubscribe/:token` (List-Unsubscribe-Post)
 * with neither header, and the secret in the address, not a cookie,
 * authorises it. No path is exempt: a browser posting from another site is
 * refused here, as React Router's own action check would refuse it too.
 * The one exception is an `/api/v1` call with `Authorization: Bearer`: it
 * is answered as the token's and never reads a cookie, and a page on
 * another site cannot add that header without a CORS preflight this server
 * never grants, so its origin says nothing about whose authority it uses.
 */
export function refuseForeignOrigin(req: ExpressRequest, allowedOrigins: ReadonlySet<string>): Refusal | undefined {
  if (!isStateChanging(req.method) || SIGN_IN_CALLBACK.test(req.path)) return undefined;
  if (req.path.startsWith("/api/v1/") && bearerOf(req.get("authorization")) !== null) return undefined;
  const refusal = coded("FORBIDDEN_ORIGIN");
  const origin = req.get("origin");
  if (origin !== undefined) {
    const own = `${req.protocol}://${req.get("host")}`;
    return origin === own || allowedOrigins.has(origin) ? undefined : refusal;
  }
  const site = req.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site" ? refusal : undefined;
}

function mediaType(req: ExpressRequest): string {
  return (req.get("content-type") ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

/** Page actions read forms; the JSON API reads JSON. Anything else would fail deep inside a handler. */
export function refuseContentType(req: ExpressRequest, body: Buffer): Refusal | undefined {
  if (!isStateChanging(req.method) || req.path.startsWith("/api/auth/")) return undefined;
  const type = mediaType(req);
  if (isJsonApi(req.path)) {
    if (body.length === 0 || type === "application/json") return undefined;
    return coded("JSON_BODY_EXPECTED");
  }
  if (req.path.startsWith("/api/") || FORM_TYPES.includes(type)) return undefined;
  return coded("FORM_BODY_EXPECTED");
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when every string and key in a parsed JSON value is well-formed Unicode without NUL. */
function cleanJson(value: unknown): boolean {
  // A loop, not recursion: a hostile body may nest far deeper than the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000") || LONE_SURROGATE.test(item)) return false;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        pending.push(key, child);
      }
    }
  }
  return true;
}

/**
 * Parses the body once, for the checks here and for the route after them
 * (RequestContext.body). PostgreSQL stores no NUL in text and no unpaired
 * surrogate in jsonb, and a form React Router cannot read would fail in the
 * action: such input is refused here with a 400, not discovered later as a 500.
 */
export async function parseBody(req: ExpressRequest, body: Buffer): Promise<{ refusal: Refusal } | ParsedBody> {
  if (body.includes(0)) return { refusal: coded("TEXT_HAS_NUL") };
  const type = mediaType(req);
  if (type === "application/x-www-form-urlencoded" && /%00/i.test(body.toString("latin1"))) {
    return { refusal: coded("TEXT_HAS_NUL") };
  }
  if (FORM_TYPES.includes(type)) {
    try {
      const form = await new Response(bodyBytes(body), {
        headers: { "content-type": req.get("content-type") ?? type },
      }).formData();
      return { kind: "form", value: form };
    } catch {
      return { refusal: coded("FORM_MALFORMED") };
    }
  }
  if (type !== "application/json" || body.length === 0) return { kind: "none" };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return { refusal: coded("BODY_NOT_JSON") };
  }
  if (cleanJson(parsed)) return { kind: "json", value: parsed };
  return { refusal: coded("TEXT_HAS_NUL_OR_SURROGATE") };
}

/** The buffer's bytes as a view, not a copy. */
export function bodyBytes(body: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length);
}
