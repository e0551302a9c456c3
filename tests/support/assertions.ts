import { expect } from "vitest";

/** A response body must never show how the server is built: no stack frames, source paths or driver text. */
export function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\bat \S+ \(|\bat file:|node_modules|\.server\.ts|\/work\/|\bECONNREFUSED\b|stack/i);
}
