import { describe, expect, it } from "vitest";
import { connectLink, openConnectLink } from "~/domain/chat/connect-links.server";
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

describe("connect links", () => {
  const seal = tokenSeal("a secret of at least thirty-two characters");
  const place = {
    platform: "teams" as const,
    workspaceId: "tenant-1",
    workspaceName: "Circle Works",
    channelId: "19:general@thread.tacv2",
    channelName: "General",
    botUserId: "28:bot",
    reference: JSON.stringify({ serviceUrl: "https://smba.example/", conversationId: "19:general@thread.tacv2" }),
  };
  const tokenOf = (url: string) => new URL(url).searchParams.get("link") ?? "";

  it("names the channel it was made for, and nothing of it can be read in the address", () => {
    const url = connectLink(seal, "https://circleup.example", place, new Date("2026-11-27T10:00:00Z"));
    expect(url.startsWith("https://circleup.example/chat/connect?link=")).toBe(true);
    expect(url).not.toContain("tenant-1");
    expect(url).not.toContain("smba");
    const opened = openConnectLink(seal, tokenOf(url), new Date("2026-11-27T10:59:00Z"));
    expect(opened).toEqual({ ok: true, place });
  });

  it("is refused after an hour, when altered, or when made under another key", () => {
    const url = connectLink(seal, "https://circleup.example", place, new Date("2026-11-27T10:00:00Z"));
    const late = openConnectLink(seal, tokenOf(url), new Date("2026-11-27T11:00:01Z"));
    expect(late.ok ? null : late.error.code).toBe("CHAT_LINK_EXPIRED");
    const token = tokenOf(url);
    const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const refused = openConnectLink(seal, altered, new Date("2026-11-27T10:01:00Z"));
    expect(refused.ok ? null : refused.error.code).toBe("CHAT_LINK_INVALID");
    const foreign = connectLink(tokenSeal("another secret of thirty-two characters!"), "https://x.example", place);
    const other = openConnectLink(seal, tokenOf(foreign));
    expect(other.ok ? null : other.error.code).toBe("CHAT_LINK_INVALID");
  });
});
