import { describe, expect, it } from "vitest";
import { addressKey, clientNetwork } from "~/domain/limits/rate-limit.server";
import { LIMITS } from "~/domain/limits/rules";
import { englishMessage, waitPhrase } from "~/shared/errors/english";

describe("rate limit subjects", () => {
  it("counts an IPv4 client by its address, also when it arrives IPv4-mapped", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts an IPv6 client by its /56, so rotating through its own addresses does not reset the count", () => {
    const home = clientNetwork("2001:db8:1234:5678:aaaa::1");
    expect(home).toBe("2001:db8:1234:5600:0:0:0:0/56");
    expect(clientNetwork("2001:db8:1234:56ff:ffff:ffff:ffff:ffff")).toBe(home);
    expect(clientNetwork("2001:0db8:1234:5601::%eth0")).toBe(home);
    expect(clientNetwork("2001:db8:1234:5700::1")).not.toBe(home);
    expect(clientNetwork("::1")).toBe("0:0:0:0:0:0:0:0/56");
  });

  it("keys an address by a keyed hash that neither shows the address nor matches under another secret", () => {
    const key = addressKey("203.0.113.9", "first-secret-of-at-least-32-characters");
    expect(key).not.toContain("203");
    expect(key).toBe(addressKey("::ffff:203.0.113.9", "first-secret-of-at-least-32-characters"));
    expect(key).not.toBe(addressKey("203.0.113.9", "other-secret-of-at-least-32-characters"));
  });
});

describe("rate limit messages", () => {
  it("says what there were too many of and how long to wait, rounded up", () => {
    const limited = (rule: (typeof LIMITS)[keyof typeof LIMITS], retryAfterSeconds: number) =>
      englishMessage({ code: "RATE_LIMITED", params: { rule: rule.name, what: rule.what, retryAfterSeconds } });
    expect(limited(LIMITS.votes, 40)).toBe("Too many votes: try again in 40 seconds");
    expect(limited(LIMITS.submissions, 3599)).toBe("Too many submitted questions: try again in 60 minutes");
    expect([1, 59, 60, 61, 120].map(waitPhrase)).toEqual([
      "1 second",
      "59 seconds",
      "1 minute",
      "2 minutes",
      "2 minutes",
    ]);
  });
});
