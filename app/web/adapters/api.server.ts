import type { AppLoadContext } from "react-router";
import type { ZodType } from "zod";
import { normalizeJoinCode } from "~/shared/live";
import type { Actor } from "~/use-cases/actors";
import { executeUseCase, type RawInput } from "~/use-cases/execute.server";
import type { UseCase } from "~/use-cases/use-case";
import { domainProblem, jsonObjectBody, methodNotAllowed } from "../http.server";
import { roundSeats } from "../live.server";
import { anonymousVisitor } from "../visitor.server";
import { actorOf } from "./actor.server";
import { callDeps } from "./deps.server";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What an endpoint's answer may use besides the use case's output. */
export type ApiCall = { request: Request; context: AppLoadContext; actor: Actor; headers: Headers };

/**
 * One method of one `/api/v1` path: the use case it runs and how HTTP
 * carries it. The input is the path's parameters plus the JSON body (or the
 * query of a GET); the answer is the output as JSON, unless `respond` says
 * more (a cookie, a status that depends on the output).
 */
export type ApiEndpoint<I = unknown, O = unknown> = {
  useCase: UseCase<I, O>;
  /** Where the input comes from besides the path. Default: the body for POST and PATCH, the query for GET. */
  from?: "body" | "query" | "none";
  /** The status of a successful answer (204 answers no body). */
  status?: 200 | 201 | 204;
  /** Headers of every answer, failures included (Cache-Control). */
  headers?: Record<string, string> | ((actor: Actor) => Record<string, string>);
  /** The team the call is about, read with the session in one statement: the path parameter naming it. */
  teamParam?: string;
  /** A visitor gets the anonymous visitor cookie (their AI quota's key) if they have none yet. */
  visitorCookie?: boolean;
  /** The path parameter naming a live round: the caller's seats in it come from its cookies. */
  seatsIn?: string;
  respond?: (output: O, call: ApiCall) => Response | Promise<Response>;
  /** What `respond` answers under each status, when that is not the use case's output: the API's description shows these. */
  answers?: Partial<Record<200 | 201, ZodType>>;
  /** The endpoint is on its way out: every answer says so (Deprecation, Sunset) and the description marks it. */
  deprecated?: Deprecation;
};

/** When an endpoint was deprecated and, once decided, the day it stops answering (ISO dates). */
export type Deprecation = { since: string; sunset?: string };

/**
 * The headers a deprecated endpoint answers with: `Deprecation` as a
 * structured date (`@` and seconds since 1970), `Sunset` as an HTTP date.
 */
export function deprecationHeaders({ since, sunset }: Deprecation): Record<string, string> {
  const headers: Record<string, string> = { Deprecation: `@${Math.floor(Date.parse(since) / 1000)}` };
  if (sunset) headers.Sunset = new Date(sunset).toUTCString();
  return headers;
}

export type ApiRoute = {
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: endpoints of different use cases share one table
  methods: Partial<Record<HttpMethod, ApiEndpoint<any, any>>>;
  /** Path parameters app/routes.ts names otherwise than the path and the use case do (`id` for `questionId`). */
  renamed?: Record<string, string>;
};

/** Declares one method of a path; the types of `respond` follow from the use case. */
export function endpoint<I, O>(declared: ApiEndpoint<I, O>): ApiEndpoint<I, O> {
  return declared;
}

function inputOf(endpoint: ApiEndpoint, method: HttpMethod, request: Request, context: AppLoadContext, params: Params) {
  const from =
    endpoint.from ?? (method === "GET" ? "query" : method === "POST" || method === "PATCH" ? "body" : "none");
  const path = Object.fromEntries(Object.entries(params).filter(([name]) => name !== "*"));
  if (from === "none") return { ok: true, value: path } satisfies RawInput;
  if (from === "query") {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    return { ok: true, value: { ...query, ...path } } satisfies RawInput;
  }
  const body = jsonObjectBody(context);
  // The path names what the call is about: a body cannot overrule it.
  return body.ok ? ({ ok: true, value: { ...body.value, ...path } } satisfies RawInput) : body;
}

type Params = Record<string, string | undefined>;
type Args = { request: Request; context: AppLoadContext; params: Params };

async function answer(endpoint: ApiEndpoint, method: HttpMethod, { request, context, params }: Args) {
  const started = performance.now();
  const teamId = endpoint.teamParam ? params[endpoint.teamParam] : undefined;
  let actor = await actorOf(request, context, teamId);
  const headers = new Headers(typeof endpoint.headers === "function" ? endpoint.headers(actor) : endpoint.headers);
  if (endpoint.deprecated)
    for (const [name, value] of Object.entries(deprecationHeaders(endpoint.deprecated))) headers.set(name, value);
  if (endpoint.visitorCookie && actor.kind === "visitor" && !actor.visitorId) {
    const visitor = await anonymousVisitor(request);
    actor = { ...actor, visitorId: visitor.id };
    if (visitor.setCookie) headers.append("Set-Cookie", visitor.setCookie);
  }
  if (endpoint.seatsIn && actor.kind !== "token" && actor.kind !== "chat" && actor.kind !== "job") {
    actor = { ...actor, seats: roundSeats(request, normalizeJoinCode(params[endpoint.seatsIn] ?? "")) };
  }
  const raw = inputOf(endpoint, method, request, context, params);
  const deps = await callDeps();
  const serving = performance.now();
  const result = await executeUseCase(endpoint.useCase, deps, actor, raw);
  // Where the time went, for browser dev tools and the benchmark; the server adds `total` and `db` as it sends.
  const [parse, usecase] = [serving - started, performance.now() - serving].map((ms) => ms.toFixed(1));
  headers.set("Server-Timing", `parse;dur=${parse};desc="caller and input", usecase;dur=${usecase}`);
  if (!result.ok) return domainProblem(result.error, headers);
  if (endpoint.respond) return endpoint.respond(result.value, { request, context, actor, headers });
  if (endpoint.status === 204) return new Response(null, { status: 204, headers });
  return Response.json(result.value, { status: endpoint.status ?? 200, headers });
}

/**
 * A route module of `/api/v1`, from its line in the route table: its
 * loader answers GET, its action every other method; a method the path
 * does not take is a 405 naming those it does.
 */
export function apiRoute(route: ApiRoute) {
  const allow = Object.keys(route.methods).join(", ");
  const handle = (args: Args) => {
    // A HEAD is a GET whose body nobody reads.
    const method = (args.request.method === "HEAD" ? "GET" : args.request.method) as HttpMethod;
    const endpoint = Object.hasOwn(route.methods, method) ? route.methods[method] : undefined;
    if (!endpoint) return methodNotAllowed(allow);
    const params = Object.fromEntries(
      Object.entries(args.params).map(([name, value]) => [route.renamed?.[name] ?? name, value]),
    );
    return answer(endpoint, method, { ...args, params });
  };
  return { action: handle, loader: handle };
}
