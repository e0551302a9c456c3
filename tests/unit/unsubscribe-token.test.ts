import { describe, expect, it } from "vitest";
import { productNewsEmail } from "~/domain/news/news-mail";
import { accountOfUnsubscribeToken, unsubscribeToken } from "~/domain/news/unsubscribe-token.server";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const USER = "x3Kq9pLm2NvB7cRt5YwZ8aHd4FgJ6sE1";

describe("unsubscribe tokens", () => {
  it("name the account they were made for", () => {
    expect(accountOfUnsubscribeToken(unsubscribeToken(USER, SECRET), SECRET)).toBe(USER);
  });

  it("name nobody when forged, damaged, moved to another account or made with another secret", () => {
    const token = unsubscribeToken(USER, SECRET);
    const [id, mac] = token.split(".") as [string, string];
    const otherId = Buffer.from("another-account").toString("base64url");
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${otherId}.${mac}`,
      `${id}.${flipped}`,
      `${id}.${mac.slice(1)}`,
      id,
      "",
      `${token}.extra`,
      unsubscribeToken(USER, "another-secret-of-thirty-two-characters!"),
    ]) {
      expect(accountOfUnsubscribeToken(forged, SECRET), forged).toBeNull();
    }
  });
});

describe("the product-news mail", () => {
  const mail = productNewsEmail({
    appName: "CircleUp",
    name: "Ada",
    subject: "New: plans",
    text: "First <b>news</b>.\n\nSecond\nparagraph.",
    unsubscribeUrl: "https://circleup.example/unsubscribe/abc.def",
  });

  it("carries the unsubscribe link in its text and the headers mail programs read", () => {
    expect(mail.text).toContain("Unsubscribe: https://circleup.example/unsubscribe/abc.def");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://circleup.example/unsubscribe/abc.def>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("keeps the admin's paragraphs and escapes their markup", () => {
    expect(mail.text).toContain("First <b>news</b>.\n\nSecond paragraph.");
    expect(mail.html).toContain("First &lt;b&gt;news&lt;/b&gt;.");
    expect(mail.html).not.toContain("<b>news</b>");
  });
});
