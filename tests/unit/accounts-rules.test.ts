import { describe, expect, it } from "vitest";
import { existingAccountEmail, verificationEmail } from "~/domain/email/templates";
import { safeRedirectPath } from "~/shared/accounts";
import { signInSchema, signUpSchema } from "~/shared/accounts-schemas";

describe("where sign-in may send a user back to", () => {
  it.each([
    ["/saved-questions?tab=all", "/saved-questions?tab=all"],
    ["/profile#security", "/profile#security"],
    ["/ok?x=1#y", "/ok?x=1#y"],
    ["/", "/"],
    // What goes out is the normalised path, so that is what is judged.
    ["/a/./b/../c?d", "/a/c?d"],
    ["/auth/callback?next=%2Fprofile", "/auth/callback?next=%2Fprofile"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps the same-site path %s as %s", (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "HTTPS://evil.example/x",
    "//evil.example/path",
    "///evil.example",
    // Each normalises to "//evil.example...", which a browser reads as another host.
    "/.//evil.example/phish",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/%2e%2e//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.\\evil.example",
    // The URL parser keeps these encoded; a server or proxy that decodes them sees "//evil.example".
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5C%5Cevil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "/\t/evil.example",
    "/\n/evil.example",
    "/ok\u0000",
    "/ok\u0085",
    "evil.example",
    " /ok",
    "",
    undefined,
    null,
    42,
    ["/ok"],
  ])("refuses %s and falls back to /", (input) => {
    expect(safeRedirectPath(input)).toBe("/");
  });

  it("turns an absolute URL on one of our own origins into its path, and only then", () => {
    const own = ["http://127.0.0.1:3000", "http://localhost:3000"];
    expect(safeRedirectPath("http://localhost:3000/profile?tab=1#x", own)).toBe("/profile?tab=1#x");
    expect(safeRedirectPath("http://127.0.0.1:3000", own)).toBe("/");
    expect(safeRedirectPath("http://localhost:3000/.//evil.example", own)).toBe("/");
    expect(safeRedirectPath("http://localhost:3001/profile", own)).toBe("/");
    expect(safeRedirectPath("https://localhost:3000/profile", own)).toBe("/");
    expect(safeRedirectPath("http://localhost:3000@evil.example/profile", own)).toBe("/");
    expect(safeRedirectPath("http://localhost:3000/profile")).toBe("/");
  });
});

describe("the sign-up and sign-in forms", () => {
  it("asks for every field with one message", () => {
    const result = signUpSchema.safeParse({ fullName: "", email: "a@b.example", password: "long enough" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Please fill in all fields");
  });

  it("needs a password of at least 8 characters and a valid e-mail", () => {
    const short = signUpSchema.safeParse({ fullName: "Ada", email: "ada@example.com", password: "1234567" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
    const email = signUpSchema.safeParse({ fullName: "Ada", email: "not-an-email", password: "12345678" });
    expect(email.error?.issues[0]?.message).toBe("Please enter a valid email address");
  });

  it("trims the name and lowercases the e-mail", () => {
    const result = signUpSchema.parse({ fullName: "  Ada  ", email: " Ada@Example.COM ", password: "12345678" });
    expect(result).toEqual({ fullName: "Ada", email: "ada@example.com", password: "12345678" });
  });

  it("needs both e-mail and password to sign in", () => {
    expect(signInSchema.safeParse({ email: "ada@example.com", password: "" }).success).toBe(false);
  });
});

describe("account e-mails", () => {
  it("escape what users typed and carry the link in both parts", () => {
    const mail = verificationEmail({
      appName: "CircleUp",
      name: '<script>alert("x")</script>',
      url: "https://circleup.example/api/auth/verify-email?token=abc&callbackURL=%2F",
    });
    expect(mail.subject).toBe("Verify your email for CircleUp");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain("token=abc&amp;callbackURL");
    expect(mail.text).toContain("https://circleup.example/api/auth/verify-email?token=abc&callbackURL=%2F");
  });

  it("tell the owner of a taken address how to sign in or reset", () => {
    const mail = existingAccountEmail({
      appName: "CircleUp",
      name: "Ada",
      signInUrl: "https://c.example/sign-in",
      resetUrl: "https://c.example/sign-in?forgot=1",
    });
    expect(mail.text).toContain("https://c.example/sign-in");
    expect(mail.text).toContain("https://c.example/sign-in?forgot=1");
  });
});
