import { describe, expect, it } from "vitest";
import { trackedUrl } from "~/shared/analytics";
import { clientEventSchema } from "~/shared/analytics-schemas";

describe("page view URLs", () => {
  it("keeps the list's own parameters and drops everything else, tokens and e-mail addresses included", () => {
    expect(trackedUrl("https://c.example", "/reset-password", "?token=abc123")).toBe(
      "https://c.example/reset-password",
    );
    expect(trackedUrl("https://c.example", "/verify-email", "?email=ada%40example.com")).toBe(
      "https://c.example/verify-email",
    );
    expect(trackedUrl("https://c.example", "/", "?page=2&token=x&sort=newest&category=all-hands")).toBe(
      "https://c.example/?sort=newest&category=all-hands&page=2",
    );
  });

  it("accepts page views and errors only, each with a path", () => {
    expect(clientEventSchema.safeParse({ name: "page_view", page: "home", path: "/" }).success).toBe(true);
    expect(clientEventSchema.safeParse({ name: "error", page: "home", path: "/", message: "Boom" }).success).toBe(true);
    expect(clientEventSchema.safeParse({ name: "sign_up", page: "home", path: "/" }).success).toBe(false);
    expect(
      clientEventSchema.safeParse({ name: "page_view", page: "home", path: "https://evil.example/" }).success,
    ).toBe(false);
  });
});
