import type { AddressInfo } from "node:net";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { CodedError } from "~/shared/errors/codes";
import { englishMessage } from "~/shared/errors/english";
import { formBody, jsonObjectBody, statusOf } from "~/web/http.server";
import type { ParsedBody } from "../../server/load-context";
import { parseBody } from "../../server/request-guards";

/**
 * A body is parsed once, before routing: the checks and the action read the
 * same parsed value. An Express app reads the body as server/app.ts does and
 * hands what the check parsed to the action's helpers, counting the parses.
 */

type Seen = { parsed: ParsedBody | { refusal: unknown }; parses: number; read?: unknown };
let url: string;
let server: ReturnType<express.Express["listen"]>;
let seen: Seen[] = [];

const contextWith = (body: ParsedBody) => ({ cspNonce: "", requestId: "", clientIp: null, body }) as AppLoadContext;

beforeAll(async () => {
  const app = express();
  app.use(express.raw({ type: () => true, limit: 1024 * 1024 }));
  app.post("/", async (req, res) => {
    const jsonParse = vi.spyOn(JSON, "parse");
    const formParse = vi.spyOn(Response.prototype, "formData");
    try {
      const parsed = await parseBody(req, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
      const entry: Seen = { parsed, parses: 0 };
      if (!("refusal" in parsed)) {
        const context = contextWith(parsed);
        entry.read = parsed.kind === "form" ? formBody(context).get("name") : jsonObjectBody(context);
      }
      entry.parses = jsonParse.mock.calls.length + formParse.mock.calls.length;
      seen.push(entry);
    } finally {
      jsonParse.mockRestore();
      formParse.mockRestore();
    }
    res.end();
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function send(body: BodyInit, contentType?: string): Promise<Seen> {
  seen = [];
  await fetch(url, { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });
  expect(seen).toHaveLength(1);
  return seen[0] as Seen;
}

describe("a request body", () => {
  it("in JSON is parsed once, and the action reads that very value", async () => {
    const result = await send(JSON.stringify({ name: "Ada" }), "application/json");
    expect(result.parses).toBe(1);
    expect(result.read).toEqual({ ok: true, value: { name: "Ada" } });
  });

  it("in a form (urlencoded or multipart) is parsed once, and the action reads that form", async () => {
    const urlencoded = await send("name=Bo", "application/x-www-form-urlencoded");
    expect(urlencoded).toMatchObject({ parses: 1, read: "Bo" });
    const form = new FormData();
    form.set("name", "Cy");
    const multipart = await send(form);
    expect(multipart).toMatchObject({ parses: 1, read: "Cy" });
  });

  it("with a NUL, an unpaired surrogate or broken JSON is refused before any action reads it", async () => {
    expect((await send('{"name":"a\\u0000b"}', "application/json")).parsed).toMatchObject({
      refusal: { code: "TEXT_HAS_NUL_OR_SURROGATE" },
    });
    const surrogate = (await send('{"name":"\\ud800"}', "application/json")).parsed;
    expect(surrogate).toMatchObject({ refusal: { code: "TEXT_HAS_NUL_OR_SURROGATE" } });
    const refusal = (surrogate as { refusal: CodedError }).refusal;
    expect(statusOf(refusal)).toBe(400);
    expect(englishMessage(refusal)).toBe("Text in the request contains a NUL character or an unpaired surrogate");
    expect((await send("{", "application/json")).parsed).toMatchObject({ refusal: { code: "BODY_NOT_JSON" } });
  });

  it("that is empty or not JSON reaches a JSON action as 'must be JSON'", async () => {
    const empty = await send("", "application/json");
    expect(empty.parsed).toEqual({ kind: "none" });
    const refused = (empty.read as { ok: false; error: CodedError }).error;
    expect(refused.code).toBe("BODY_NOT_JSON");
    expect(statusOf(refused)).toBe(400);
    expect(englishMessage(refused)).toBe("The request body must be JSON");
  });
});
