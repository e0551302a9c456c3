import crypto from "node:crypto";
import { type ZodType, z } from "zod";
import { EXPORT_FORMATS } from "~/domain/community/export-formats";
import { ERROR_KINDS, type ErrorCode } from "~/shared/errors/codes";
import type { AcceptedActor } from "~/use-cases/actors";
import { servedQuestionSchema } from "~/use-cases/outputs";
import { errorsOf } from "~/use-cases/registry.server";
import type { ApiEndpoint, ApiRoute, HttpMethod } from "./adapters/api.server";
import { API_ROUTES } from "./adapters/api-routes.server";
import { statusOf } from "./http.server";

/**
 * The API's description (OpenAPI 3.1), built from what the server runs:
 * the `/api/v1` route table (paths, methods, statuses), each use case's
 * name, summary, input and output schemas, the actors it lets in and the
 * codes it may answer; the few hand-written routes are declared below. A
 * route cannot be served without being described, nor described otherwise
 * than it is served.
 */

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Method = Lowercase<HttpMethod>;

/** The session cookie better-auth sets (`__Secure-` in front of it over HTTPS). */
const SESSION_COOKIE = "circleup.session_token";

/** A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1; parts JSON cannot say (a date, a custom check) accept anything. */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return withoutSafeIntegerBounds(rest) as JsonSchema;
}

/** zod bounds every integer by the safe range; said on every count, it only hides the bounds that mean something. */
function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (typeof node !== "object" || node === null) return node;
  const entries = Object.entries(node).filter(
    ([key, value]) =>
      !(key === "minimum" && value === Number.MIN_SAFE_INTEGER) &&
      !(key === "maximum" && value === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, withoutSafeIntegerBounds(value)]));
}

/** Fields a caller must send: those the input requires and gives no default. */
function requiredFields(input: JsonSchema, properties: Record<string, JsonSchema>): Set<string> {
  return new Set(((input.required ?? []) as string[]).filter((name) => properties[name]?.default === undefined));
}

const ERROR_BODY: JsonSchema = {
  type: "object",
  description:
    "Every failure: `error` is an English sentence to show, `code` and `params` let a client say it in its own words, `retryable` whether the same call may succeed later (then `Retry-After` says when).",
  properties: {
    error: { type: "string" },
    code: { type: "string" },
    params: { type: "object" },
    retryable: { type: "boolean" },
    field: { type: "string", description: "With INVALID_INPUT: the field at fault." },
  },
  required: ["error", "code", "params", "retryable"],
};

const REASONS: Record<number, string> = {
  400: "The input is refused",
  401: "Sign in first",
  403: "Not allowed",
  404: "Not found, or out of the caller's reach",
  409: "Conflicts with the current state",
  413: "Too large",
  415: "Unsupported body",
  429: "Too many requests",
  500: "Server error",
  502: "An upstream service failed",
  503: "Not available on this server",
  504: "An upstream service did not answer",
};

/** The failures of one operation by status, each status listing the codes it may carry. */
function errorResponses(codes: readonly string[]): Record<string, unknown> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = statusOf({ code: code as ErrorCode });
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, listed] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retryable = listed.some((code) => ERROR_KINDS[code as ErrorCode] === "rate-limited");
    responses[String(status)] = {
      description: `${REASONS[status] ?? "Refused"}: ${listed.join(", ")}`,
      ...(retryable ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
      content: {
        "application/json": {
          schema: { allOf: [{ $ref: "#/components/schemas/Error" }, { properties: { code: { enum: listed } } }] },
        },
      },
    };
  }
  return responses;
}

/** Who may call: anyone (no credentials), the signed-in cookie, an API token where the use case takes one. */
function securityOf(actors: readonly AcceptedActor[]): Record<string, string[]>[] {
  return [
    ...(actors.includes("visitor") ? [{}] : []),
    { cookieSession: [] },
    ...(actors.includes("token") ? [{ bearerAuth: [] }] : []),
  ];
}

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** The path's `{name}` parameters, described from the input's properties. */
function pathParameters(path: string, properties: Record<string, JsonSchema>) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name = ""]) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
}

function inputPlace(endpoint: ApiEndpoint, method: HttpMethod): "body" | "query" | "none" {
  return endpoint.from ?? (method === "GET" ? "query" : method === "POST" || method === "PATCH" ? "body" : "none");
}

function operationOf(path: string, method: HttpMethod, endpoint: ApiEndpoint): Operation {
  const { useCase } = endpoint;
  const input = jsonSchema(useCase.input, "input");
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = requiredFields(input, properties);
  const inPath = new Set([...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name));
  const parameters: unknown[] = pathParameters(path, properties);
  const place = inputPlace(endpoint, method);
  let requestBody: unknown;
  if (place === "query") {
    for (const [name, schema] of Object.entries(properties)) {
      if (!inPath.has(name)) parameters.push({ name, in: "query", required: required.has(name), schema });
    }
  } else if (place === "body") {
    const body = { ...input };
    if (input.properties) {
      body.properties = Object.fromEntries(Object.entries(properties).filter(([name]) => !inPath.has(name)));
      body.required = [...required].filter((name) => !inPath.has(name));
    }
    requestBody = { required: true, content: json(body) };
  }
  const success: Record<string, unknown> = {};
  if (endpoint.answers) {
    for (const [status, schema] of Object.entries(endpoint.answers)) {
      success[status] = { description: "Done", content: json(jsonSchema(schema as ZodType, "output")) };
    }
  } else if (endpoint.status === 204) {
    success["204"] = { description: "Done; no body" };
  } else {
    success[String(endpoint.status ?? 200)] = {
      description: "Done",
      content: json(jsonSchema(useCase.output, "output")),
    };
  }
  const deprecated = endpoint.deprecated;
  return {
    operationId: useCase.name,
    summary: useCase.summary,
    ...(deprecated
      ? {
          deprecated: true,
          description: `Deprecated since ${deprecated.since}${deprecated.sunset ? `; answers until ${deprecated.sunset}` : ""}.`,
        }
      : {}),
    tags: [tagOf(useCase.name)],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...success, ...errorResponses(errorsOf(useCase)) },
    security: securityOf(useCase.actors),
    // The scope an API token needs for this operation ("read" or "write"); bearer schemes carry no scopes of their own.
    ...(useCase.actors.includes("token") && useCase.scope ? { "x-token-scope": useCase.scope } : {}),
  };
}

/** "community.vote" is in the community group. */
const tagOf = (name: string) => name.split(".")[0] ?? name;

/**
 * Routes of `/api/v1` that run no use case (their modules say why), as
 * clients see them.
 */
function handWritten(): Record<string, Partial<Record<Method, Operation>>> {
  const count = z.record(z.string(), z.number().int());
  const stats = z.object({
    questions: z.object({ total: z.number().int(), bySource: count, byType: count }),
    categories: z.array(z.object({ slug: z.string(), name: z.string(), questionCount: z.number().int() })),
  });
  const saved = z.object({ items: z.array(servedQuestionSchema.loose().extend({ savedAt: z.string() })) });
  const formats = [...Object.keys(EXPORT_FORMATS), "print"];
  const offlineSlice = z.object({
    version: z.string(),
    choices: z.record(
      z.string(),
      z.array(
        z.tuple(
          [z.string(), z.string(), z.string().nullable(), z.array(z.string()), z.union([z.literal(0), z.literal(1)])],
          z.string(),
        ),
      ),
    ),
  });
  return {
    "/api/v1/saved": {
      get: {
        operationId: "questions.list-saved",
        summary: "The member's saved questions, or a download of them in a format (print opens the print-ready page).",
        tags: ["questions"],
        parameters: [{ name: "format", in: "query", required: false, schema: { type: "string", enum: formats } }],
        responses: {
          "200": {
            description: "The saved questions; with a format, a file to download",
            content: { ...json(jsonSchema(saved, "output")), "text/plain": { schema: { type: "string" } } },
          },
          "302": { description: "format=print: to the print-ready page" },
          ...errorResponses(["UNAUTHENTICATED", "EXPORT_FORMAT_UNKNOWN"]),
        },
        security: securityOf(["member"]),
      },
    },
    "/api/v1/stats": {
      get: {
        operationId: "library.stats",
        summary: "Live counts of the published library, by source, type and category.",
        tags: ["library"],
        responses: { "200": { description: "The counts", content: json(jsonSchema(stats, "output")) } },
        security: securityOf(["visitor"]),
      },
    },
    "/api/v1/offline-library": {
      get: {
        operationId: "library.offline-slice",
        summary:
          'The slice of the library an installed app keeps for Generate without a connection: questions grouped by "moment style depth", each [id, text, category, further categories, names a kind of meeting (1 or 0), source when not curated]. Its ETag is its version.',
        tags: ["library"],
        responses: {
          "200": { description: "The slice", content: json(jsonSchema(offlineSlice, "output")) },
          "304": { description: "Unchanged since the ETag sent in If-None-Match" },
        },
        security: securityOf(["visitor"]),
      },
    },
    "/api/v1/rounds/{code}/events": {
      get: {
        operationId: "live.follow-round",
        summary: "The round's events as Server-Sent Events, from a seat in it (the host's resumes from Last-Event-ID).",
        tags: ["live"],
        parameters: [
          { name: "code", in: "path", required: true, schema: { type: "string" } },
          { name: "as", in: "query", required: false, schema: { type: "string", enum: ["host", "participant"] } },
        ],
        responses: {
          "200": { description: "The event stream", content: { "text/event-stream": { schema: { type: "string" } } } },
          ...errorResponses(["ROUND_OUT_OF_REACH", "RATE_LIMITED", "TOO_MANY_STREAMS"]),
        },
        security: securityOf(["visitor", "member"]),
      },
    },
  };
}

/** The document for these routes (the server's own table unless a test gives another). */
export function openApiDocument(routes: Record<string, ApiRoute["methods"]> = API_ROUTES) {
  const paths: Record<string, Partial<Record<Method, Operation>>> = {};
  for (const [path, methods] of Object.entries(routes)) {
    paths[path] = Object.fromEntries(
      Object.entries(methods).map(([method, endpoint]) => [
        method.toLowerCase(),
        operationOf(path, method as HttpMethod, endpoint as ApiEndpoint),
      ]),
    );
  }
  Object.assign(paths, handWritten());
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: "3.1.1",
    info: {
      title: "CircleUp API",
      version: "1",
      description: [
        "Questions for team meetings: the community library, a member's saves, teams' questions, live rounds and the AI generator.",
        "",
        "Every failure answers `{error, code, params, retryable}`. Besides the codes each operation lists, any call may be refused before it reaches the operation: a foreign `Origin` on a write (403 FORBIDDEN_ORIGIN), a body over the size limit (413 PAYLOAD_TOO_LARGE), a body that is not JSON (415), a method the path does not take (405 METHOD_NOT_ALLOWED).",
        "",
        "Within `/api/v1` changes are additive only; an operation on its way out is marked deprecated here and answers with `Deprecation` and `Sunset` headers.",
      ].join("\n"),
    },
    servers: [{ url: "/" }],
    paths: sorted,
    components: {
      schemas: { Error: ERROR_BODY },
      securitySchemes: {
        cookieSession: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session of a member signed in in a browser (`__Secure-circleup.session_token` over HTTPS).",
        },
        bearerAuth: { type: "http", scheme: "bearer", description: "An API token: `Authorization: Bearer <token>`." },
      },
    },
  };
}

let served: { body: string; etag: string } | undefined;

/** The server's document as it is served: built once, with its ETag. */
export function openApiDocumentJson(): { body: string; etag: string } {
  if (!served) {
    const body = JSON.stringify(openApiDocument());
    served = { body, etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 16)}"` };
  }
  return served;
}
