import { describe, expect, it } from "vitest";
import {
  type EmailContent,
  emailChangeEmail,
  existingAccountEmail,
  passwordResetEmail,
  teamInvitationEmail,
  verificationEmail,
  welcomeEmail,
} from "~/domain/email/templates";

const appName = "CircleUp";
const url = "https://circleup.example/api/auth/verify-email?token=abc&callbackURL=%2F";
const hostile = '<script>alert("x")</script>';

const every: [string, (name: string) => EmailContent][] = [
  ["verification", (name) => verificationEmail({ appName, name, url })],
  ["password reset", (name) => passwordResetEmail({ appName, name, url, expiresInMinutes: 60 })],
  ["welcome", (name) => welcomeEmail({ appName, name, url })],
  ["e-mail change", (name) => emailChangeEmail({ appName, name, newEmail: "new@example.com", url })],
  [
    "existing account",
    (name) => existingAccountEmail({ appName, name, signInUrl: url, resetUrl: "https://circleup.example/r?a=1&b=2" }),
  ],
];

describe.each(every)("the %s mail", (_, build) => {
  it("escapes the name typed by a user", () => {
    const mail = build(hostile);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,");
    expect(mail.text).toContain(`Hi ${hostile},`);
  });

  it("carries its link as a button and as text to copy, in HTML and plain text", () => {
    const mail = build("Ada");
    const escaped = url.replaceAll("&", "&amp;");
    expect(mail.html).toContain(`href="${escaped}"`);
    expect(mail.html).toContain(`>${escaped}</a>`);
    expect(mail.text).toContain(url);
    expect(mail.text).not.toContain("<");
  });

  it("names the app in the subject and greets by name", () => {
    const mail = build("Ada");
    expect(mail.subject).toContain(appName);
    expect(mail.text.startsWith("Hi Ada,")).toBe(true);
  });
});

describe("account e-mails", () => {
  it("say which address an e-mail change goes to, escaped", () => {
    const mail = emailChangeEmail({ appName, name: "Ada", newEmail: "a&b@example.com", url });
    expect(mail.subject).toMatch(/confirm your new email/i);
    expect(mail.html).toContain("a&amp;b@example.com");
    expect(mail.text).toContain("a&b@example.com");
  });

  it("give the owner of a taken address both a sign-in and a reset link", () => {
    const mail = existingAccountEmail({
      appName,
      name: "Ada",
      signInUrl: "https://c.example/sign-in",
      resetUrl: "https://c.example/sign-in?forgot=1",
    });
    expect(mail.html).toContain('href="https://c.example/sign-in?forgot=1"');
    expect(mail.text).toContain("https://c.example/sign-in\n");
    expect(mail.text).toContain("https://c.example/sign-in?forgot=1");
  });

  it("tell how long a reset link works", () => {
    expect(passwordResetEmail({ appName, name: "Ada", url, expiresInMinutes: 45 }).text).toContain("45 minutes");
  });

  it("do not repeat a name that is really a link or a message", () => {
    for (const name of ["Win at https://evil.example", "visit evil.example now", "x".repeat(61), "  "]) {
      const mail = verificationEmail({ appName, name, url });
      expect(mail.text.startsWith("Hi there,")).toBe(true);
      expect(mail.html).not.toContain("evil.example");
    }
    expect(verificationEmail({ appName, name: "J. R. Smith-Ōta", url }).text).toMatch(/^Hi J\. R\. Smith-Ōta,/);
  });
});

describe("the team invitation mail", () => {
  const invite = (teamName: string, inviterName: string) =>
    teamInvitationEmail({
      appName,
      teamName,
      inviterName,
      role: "Facilitator",
      url: "https://circleup.example/teams/join/abc_DEF-123",
      expiresInDays: 7,
    });

  it("names the team, the inviter and the role, and carries the link in HTML and text", () => {
    const mail = invite("Platform team", "Olive Owner");
    expect(mail.subject).toBe("Olive Owner invited you to Platform team on CircleUp");
    expect(mail.text).toContain("Olive Owner invited you to join Platform team on CircleUp as a facilitator.");
    expect(mail.text).toContain("https://circleup.example/teams/join/abc_DEF-123");
    expect(mail.html).toContain('href="https://circleup.example/teams/join/abc_DEF-123"');
    expect(mail.text).toContain("for 7 days");
  });

  it("escapes typed names, and never carries a name that looks like a link", () => {
    const mail = invite(hostile, "Eve");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    const spam = invite("Win a prize at evil.example", "www.evil.example");
    expect(`${spam.subject} ${spam.text}`).not.toContain("evil.example");
    expect(spam.subject).toBe("A host invited you to their team on CircleUp");
  });
});
