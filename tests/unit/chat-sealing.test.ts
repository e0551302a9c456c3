import { describe, expect, it } from "vitest";
import { tokenSeal } from "~/domain/chat/sealing.server";

describe("sealed chat tokens", () => {
  const seal = tokenSeal("a secret of at least thirty-two characters");

  it("opens what it sealed, and the stored form holds no part of the token", () => {
    const sealed = seal.seal("xoxb-1234-5678-abcdef");
    expect(sealed).not.toContain("xoxb");
    expect(sealed).not.toBe(seal.seal("xoxb-1234-5678-abcdef"));
    expect(seal.open(sealed)).toBe("xoxb-1234-5678-abcdef");
  });

  it("opens nothing that was changed, or sealed under another key", () => {
    const sealed = seal.seal("xoxb-1234");
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = `${body?.[0] === "A" ? "B" : "A"}${body?.slice(1)}`;
    expect(seal.open([version, iv, tag, flipped].join("."))).toBeNull();
    expect(tokenSeal("another secret of thirty-two characters!").open(sealed)).toBeNull();
    expect(seal.open("not sealed")).toBeNull();
  });
});
