import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { signIn } from "../support/members";
import { type RunningServer, startServer } from "../support/server";
import { linksIn, type ReceivedMail, type SmtpTestServer, startSmtpServer } from "../support/smtp";

/** A header of a received message, folded lines joined. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, " ").trim();
}

/** Whether the profile page's product-news box is ticked (undefined when the page has none). */
async function newsBoxTicked(profile: Response): Promise<boolean | undefined> {
  const box = /<input[^>]*name="productNews"[^>]*>/.exec(await profile.text())?.[0];
  return box === undefined ? undefined : / checked=""/.test(box);
}

/**
 * Product news over HTTP with a real SMTP server: consent on the profile,
 * the admin's send from /admin, the unsubscribe link (page, button and the
 * one-click POST of mail programs), and forged links.
 */
describe("product news and unsubscribe", () => {
  let smtp: SmtpTestServer;
  let server: RunningServer;
  let ipCounter = 10;
  const client = () => new HttpClient(server.url, { "x-forwarded-for": `198.51.100.${ipCounter++}` });
  const ADMIN = "editor@example.com";
  const KEEN = "keen@example.com";
  const CLICKER = "clicker@example.com";
  const STAYS = "stays@example.com";
  const QUIET = "quiet@example.com";
  const PENDING = "pending@example.com";

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer(
      { SMTP_URL: smtp.url, TRUST_PROXY: "true" },
      {
        members: [
          { email: ADMIN, admin: true },
          { email: KEEN },
          { email: CLICKER },
          { email: STAYS },
          { email: QUIET },
          // Asked for news at sign-up but never verified the address: it gets none.
          { email: PENDING, verified: false, productNews: true },
        ],
      },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  const newsTo = (to: string, subject: string) =>
    smtp.waitForMessage((m) => m.to.includes(to) && m.subject === subject, 15_000);
  const received = (to: string, subject: string) =>
    smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject);

  async function member(email: string) {
    const http = client();
    await signIn(http, email);
    return http;
  }

  async function sendNews(admin: HttpClient, subject: string) {
    return admin.postForm("/admin", { intent: "news", subject, text: `${subject}.\n\nA second paragraph.` });
  }

  /** A mail that is queued after the news, so its arrival means the outbox got past the news. */
  async function outboxPassedNews(email: string) {
    const http = client();
    await http.postForm("/sign-in", { intent: "forgot", email });
    const reset = await smtp.waitForMessage((m) => m.to.includes(email) && /reset/i.test(m.subject), 15_000);
    smtp.messages.splice(smtp.messages.indexOf(reset), 1);
  }

  let keenLink = "";
  let clickerLink = "";
  let staysLink = "";

  it("sends news only to verified members who asked for it, with an unsubscribe link and headers", async () => {
    for (const email of [KEEN, CLICKER, STAYS]) {
      const http = await member(email);
      const saved = await http.postForm("/profile", { intent: "product-news", productNews: "on" });
      expect(saved.status).toBe(200);
      expect(await saved.text()).toContain("You will get occasional product news.");
      expect(await newsBoxTicked(await http.get("/profile"))).toBe(true);
      const exported = await (await http.get("/profile/export")).json();
      expect(Date.parse(exported.profile.productNewsSince)).not.toBeNaN();
    }
    // Off by default: the member who never ticked the box.
    const quiet = await member(QUIET);
    expect(await newsBoxTicked(await quiet.get("/profile"))).toBe(false);
    expect((await (await quiet.get("/profile/export")).json()).profile.productNewsSince).toBeNull();

    const admin = await member(ADMIN);
    const page = await (await admin.get("/admin")).text();
    expect(page).toContain("Send to 3 accounts");

    const sent = await sendNews(admin, "New in CircleUp: plans");
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Queued for 3 accounts.");

    for (const email of [KEEN, CLICKER, STAYS]) {
      const mail = await newsTo(email, "New in CircleUp: plans");
      expect(mail.text).toContain("A second paragraph.");
      const link = /Unsubscribe: (\S+)/.exec(mail.text)?.[1] ?? "";
      expect(link).toMatch(new RegExp(`^${server.url}/unsubscribe/[\\w-]+\\.[\\w-]+$`));
      expect(mail.html).toContain(link);
      expect(headerOf(mail, "List-Unsubscribe")).toBe(`<${link}>`);
      expect(headerOf(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      if (email === KEEN) keenLink = link;
      if (email === CLICKER) clickerLink = link;
      if (email === STAYS) staysLink = link;
    }
    await outboxPassedNews(QUIET);
    expect(received(QUIET, "New in CircleUp: plans")).toEqual([]);
    expect(received(PENDING, "New in CircleUp: plans")).toEqual([]);

    const audit = await (await admin.get("/admin")).text();
    expect(audit).toContain("news.send");
    expect(audit).toContain("&quot;recipients&quot;:3");
  });

  it("unsubscribes by the link's page and button, signed out, and again without harm", async () => {
    const visitor = client();
    const page = await visitor.get(new URL(keenLink).pathname);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Unsubscribe from product news");
    expect(html).toMatch(/<button[^>]*value="unsubscribe"/);

    const done = await visitor.postForm(new URL(keenLink).pathname, { intent: "unsubscribe" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    const again = await visitor.postForm(new URL(keenLink).pathname, { intent: "unsubscribe" });
    expect(again.status).toBe(200);

    const keen = await member(KEEN);
    expect(await newsBoxTicked(await keen.get("/profile"))).toBe(false);
  });

  it("takes the one-click POST a mail provider's server sends, without Origin or a cookie", async () => {
    const oneClick = (origin?: string) =>
      fetch(clickerLink, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": "198.51.100.200",
          ...(origin ? { origin, "sec-fetch-site": "cross-site" } : {}),
        },
        body: "List-Unsubscribe=One-Click",
      });
    // A browser on another site holds no secret a cookie would add: refused like any foreign form.
    const foreign = await oneClick("https://elsewhere.example.net");
    expect(foreign.status, await foreign.clone().text()).toBe(403);
    const admin = await member(ADMIN);
    expect(await (await admin.get("/admin")).text()).toContain("Send to 2 accounts");

    const done = await oneClick();
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed");
    expect(await (await admin.get("/admin")).text()).toContain("Send to 1 account");
    // The log names the route, never the link's secret.
    const secret = new URL(clickerLink).pathname.split("/")[2] as string;
    expect(server.output()).toContain("/unsubscribe/:token");
    expect(server.output()).not.toContain(secret);
  });

  it("answers a forged or damaged link with a clear 404 and changes nothing", async () => {
    const visitor = client();
    const tokenOf = (link: string) => (new URL(link).pathname.split("/")[2] as string).split(".");
    // A subscribed member's id with another link's MAC: what someone who learnt an id might try.
    const forged = `/unsubscribe/${tokenOf(staysLink)[0]}.${tokenOf(clickerLink)[1]}`;
    for (const path of [forged, "/unsubscribe/not-a-token"]) {
      const page = await visitor.get(path);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("This unsubscribe link is not valid");
      const post = await visitor.postForm(path, { intent: "unsubscribe" });
      expect(post.status).toBe(404);
      expect(await post.text()).toContain("This link does not work");
    }
    const admin = await member(ADMIN);
    expect(await (await admin.get("/admin")).text()).toContain("Send to 1 account");
  });

  it("does not send the next news to those who unsubscribed", async () => {
    const admin = await member(ADMIN);
    const blank = await admin.postForm("/admin", { intent: "news", subject: " ", text: "Something" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please write a subject");
    // Only admins send news.
    const stays = await member(STAYS);
    expect((await sendNews(stays, "Not from an admin")).status).toBe(403);
    const sent = await sendNews(admin, "New in CircleUp: rounds");
    expect(await sent.text()).toContain("Queued for 1 account.");
    await newsTo(STAYS, "New in CircleUp: rounds");
    await outboxPassedNews(QUIET);
    expect(received(KEEN, "New in CircleUp: rounds")).toEqual([]);
    expect(received(CLICKER, "New in CircleUp: rounds")).toEqual([]);
  });

  it("takes the consent ticked at sign-up once the address is verified, and never for a taken address", async () => {
    const admin = await member(ADMIN);
    const reach = async () => /Send to (\d+) accounts?/.exec(await (await admin.get("/admin")).text())?.[1];
    const before = Number(await reach());

    const newcomer = client();
    const email = "newcomer@example.com";
    const signUp = (http: HttpClient, address: string) =>
      http.postForm("/sign-up", { fullName: "New Comer", email: address, password: TEST_PASSWORD, productNews: "on" });
    expect((await signUp(newcomer, email)).status).toBe(302);
    // Not verified yet: not among the recipients.
    expect(Number(await reach())).toBe(before);
    const verification = await smtp.waitForMessage((m) => m.to.includes(email) && /verify/i.test(m.subject), 15_000);
    await newcomer.follow(linksIn(verification).find((l) => l.includes("/api/auth/verify-email")) as string);
    expect(Number(await reach())).toBe(before + 1);
    expect(await newsBoxTicked(await newcomer.get("/profile"))).toBe(true);

    // Someone signing up with a member's address cannot opt that member in.
    expect((await signUp(client(), QUIET)).status).toBe(302);
    await smtp.waitForMessage((m) => m.to.includes(QUIET) && /tried to sign up/i.test(m.subject), 15_000);
    expect(Number(await reach())).toBe(before + 1);
    expect(await newsBoxTicked(await (await member(QUIET)).get("/profile"))).toBe(false);
  });
});
