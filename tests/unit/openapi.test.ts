import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorsOf } from "~/use-cases/registry.server";
import { defineUseCase, done } from "~/use-cases/use-case";
import { deprecationHeaders, endpoint } from "~/web/adapters/api.server";
import { API_ROUTES } from "~/web/adapters/api-routes.server";
import { openApiDocument } from "~/web/openapi.server";

type Operation = {
  operationId: string;
  deprecated?: boolean;
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { allOf?: { properties?: unknown }[] } }> }>;
};

const operations = (doc: ReturnType<typeof openApiDocument>) =>
  Object.values(doc.paths).flatMap((methods) => Object.values(methods) as Operation[]);

/** A use case only an API token may call, as a route table might soon hold. */
const tokenOnly = defineUseCase({
  name: "test.token-only",
  summary: "Answers an API token and nobody else.",
  input: z.object({}),
  output: z.object({ ok: z.literal(true) }),
  actors: ["token"],
  errors: [],
  run: async () => done({ ok: true as const }),
});

describe("the API's description", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(openApiDocument() as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names each operation after its use case and lists the codes it may answer by status", () => {
    const doc = openApiDocument();
    const names = operations(doc).map((operation) => operation.operationId);
    expect(new Set(names).size).toBe(names.length);
    const vote = doc.paths["/api/v1/questions/{questionId}/vote"]?.post as Operation;
    expect(vote.operationId).toBe(API_ROUTES["/api/v1/questions/{questionId}/vote"].POST.useCase.name);
    const listed = Object.values(vote.responses).flatMap(
      (response) =>
        (response.content?.["application/json"]?.schema.allOf?.[1]?.properties as { code?: { enum: string[] } })?.code
          ?.enum ?? [],
    );
    expect(listed.sort()).toEqual(errorsOf(API_ROUTES["/api/v1/questions/{questionId}/vote"].POST.useCase).sort());
    expect(Object.keys(doc.paths["/api/v1/questions/{questionId}"]?.delete?.responses ?? {})).toContain("204");
  });

  it("asks for the session cookie, lets visitors in where they may call, and offers bearer tokens only where the use case takes them", () => {
    const doc = openApiDocument({ "/api/v1/token-only": { POST: endpoint({ useCase: tokenOnly }) } });
    expect(doc.paths["/api/v1/token-only"]?.post?.security).toEqual([{ cookieSession: [] }, { bearerAuth: [] }]);
    const served = openApiDocument();
    expect(served.paths["/api/v1/questions"]?.get?.security).toEqual([{}, { cookieSession: [] }, { bearerAuth: [] }]);
    expect(served.paths["/api/v1/questions/{questionId}/vote"]?.post?.security).toEqual([{ cookieSession: [] }]);
    expect(served.paths["/api/v1/questions"]?.get?.["x-token-scope"]).toBe("read");
    expect(served.paths["/api/v1/questions/{questionId}/save"]?.put?.["x-token-scope"]).toBe("write");
    expect(served.components.securitySchemes.bearerAuth).toEqual(
      expect.objectContaining({ type: "http", scheme: "bearer" }),
    );
  });

  it("marks a deprecated endpoint in the document, and its answers carry Deprecation and Sunset", () => {
    const deprecated = { since: "2027-01-01", sunset: "2027-07-01" };
    const doc = openApiDocument({ "/api/v1/old": { POST: endpoint({ useCase: tokenOnly, deprecated }) } });
    expect(doc.paths["/api/v1/old"]?.post?.deprecated).toBe(true);
    expect(operations(openApiDocument()).filter((operation) => operation.deprecated)).toEqual([]);
    expect(deprecationHeaders(deprecated)).toEqual({
      Deprecation: "@1798761600",
      Sunset: "Thu, 01 Jul 2027 00:00:00 GMT",
    });
    expect(deprecationHeaders({ since: "2027-01-01" })).toEqual({ Deprecation: "@1798761600" });
  });
});
