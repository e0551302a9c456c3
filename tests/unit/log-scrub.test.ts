import { describe, expect, it } from "vitest";
import { scrubLogText } from "~/logger.server";

describe("log text", () => {
  it("drops a failed query's parameters", () => {
    const message = "Failed query: select * from sessions where token = $1\nparams: 9f2c1d7e-token-value";
    expect(scrubLogText(message)).toBe("Failed query: select * from sessions where token = $1");
  });

  it("shortens e-mail addresses to their first letter and domain", () => {
    expect(scrubLogText("no account for ada.lovelace@example.com")).toBe("no account for a***@example.com");
  });

  it("keeps the start of a very long message, and reads it in one pass", () => {
    // A client's 500,000-letter value quoted in an error once held a server for minutes.
    const scrubbed = scrubLogText(`Invalid redirectURL: ${"a".repeat(500_000)}`);
    expect(scrubbed.length).toBeLessThan(2_100);
    expect(scrubbed).toMatch(/… \(500021 characters\)$/);
  });
});
