import { describe, expect, it } from "vitest";
import { priceInWords } from "~/domain/billing/prices.server";

describe("a Stripe price in words", () => {
  it("says whole amounts without cents and others with them, per month or year", () => {
    expect(priceInWords(800, "eur", "month")).toBe("€8 a month");
    expect(priceInWords(7999, "usd", "year")).toBe("$79.99 a year");
    expect(priceInWords(1000, "chf", "month")).toBe("CHF\u00a010 a month");
  });
});
