import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Header } from "~/components/layout/Header";
import type { SiteFeatures } from "~/shared/features";
import type { Viewer } from "~/shared/navigation";

const SELLING: SiteFeatures = { ai: true, premiumForSale: true };

function renderHeader(viewer: Viewer, planCount = 0, features = SELLING): string {
  return renderToString(
    <MemoryRouter>
      <Header appName="CircleUp" viewer={viewer} planCount={planCount} features={features} />
    </MemoryRouter>,
  );
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
const PRODUCT = ["/", "/plan", "/live", "/questions", "/pricing"];
const HELP = ["/how-to", "/about", "/contact"];
const member = { id: "u1", name: "Ada", isAdmin: false, plan: "free" } as const;

describe("the header", () => {
  it("offers the product, the help pages, Sign In and Sign Up to visitors, and no account links", () => {
    const html = renderHeader(null);
    expect(hrefs(html)).toEqual(expect.arrayContaining([...PRODUCT, ...HELP, "/sign-in", "/sign-up"]));
    for (const label of ["Generate", "Plan", "Join a round", "Questions", "Pricing", "Sign In", "Sign Up"])
      expect(html).toContain(`>${label}<`);
    for (const hidden of ["/saved-questions", "/admin", "/profile", "/account/billing", "/teams", "/studio"])
      expect(hrefs(html)).not.toContain(hidden);
    expect(html).not.toContain('action="/sign-out"');
  });

  it("gives a member the product, Profile, Billing, Teams, Saved, the AI studio and a Sign out form, but not Admin or Sign In", () => {
    const html = renderHeader(member);
    expect(hrefs(html)).toEqual(
      expect.arrayContaining([
        ...PRODUCT,
        ...HELP,
        "/profile",
        "/account/billing",
        "/teams",
        "/saved-questions",
        "/studio",
      ]),
    );
    expect(html).toContain(">Billing<");
    expect(html).toContain(">AI studio<");
    expect(html).toContain(">Teams<");
    expect(html).toMatch(/<form action="\/sign-out" method="post"><button type="submit"[^>]*>Sign out<\/button>/);
    for (const hidden of ["/admin", "/sign-in", "/sign-up"]) expect(hrefs(html)).not.toContain(hidden);
  });

  it("offers Billing and the AI studio only where they do something", () => {
    // No Stripe: a free member has nothing to buy and no studio to open.
    const notSold = renderHeader(member, 0, { ai: true, premiumForSale: false });
    for (const hidden of ["/account/billing", "/studio"]) expect(hrefs(notSold)).not.toContain(hidden);
    // A member who has Premium keeps both, but no studio where no AI writes.
    const premium = { ...member, plan: "premium" } as const;
    expect(hrefs(renderHeader(premium, 0, { ai: true, premiumForSale: false }))).toEqual(
      expect.arrayContaining(["/account/billing", "/studio"]),
    );
    const noAi = hrefs(renderHeader(premium, 0, { ai: false, premiumForSale: false }));
    expect(noAi).toContain("/account/billing");
    expect(noAi).not.toContain("/studio");
  });

  it("shows Admin only to admins", () => {
    const html = renderHeader({ ...member, isAdmin: true });
    expect(hrefs(html)).toContain("/admin");
    expect(html).toContain(">Admin<");
  });

  it("shows the plan's count from the server, in words for screen readers, and nothing for an empty plan", () => {
    const html = renderHeader(null, 3);
    expect(html).toContain('aria-hidden="true" class="ml-1.5');
    expect(html).toContain("3 questions in your plan");
    expect(renderHeader(null, 1)).toContain("1 question in your plan");
    expect(renderHeader(null, 0)).not.toContain("in your plan");
  });

  it("opens its menus with native popovers, so they work by keyboard and touch before any script runs", () => {
    const html = renderHeader(member);
    const targets = [...html.matchAll(/popovertarget="([^"]+)"/gi)].map((m) => m[1]);
    expect(targets.sort()).toEqual(["account-menu", "help-menu", "site-menu"]);
    for (const id of targets) expect(html).toContain(`id="${id}" popover="auto"`);
  });
});
