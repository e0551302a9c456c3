import { CATEGORIES } from "./categories";
import type { SiteFeatures } from "./features";

export type NavLink = { to: string; label: string };

/** How a page sits in the site: with header and footer, focused (the logo alone), or the room's screen (nothing of the site). */
export type PageLayout = "site" | "focused" | "room";

/** Who is looking at the page, as far as navigation cares. */
export type Viewer = {
  id: string;
  name: string;
  isAdmin: boolean;
  plan: "free" | "premium";
  /** The teams whose questions this person may curate (save to, "not for this team", mark as asked). */
  curates?: { id: string; name: string }[];
} | null;

/**
 * What the product does, in the order a host meets it: get a question, plan a
 * meeting, run a round, browse, and what it costs. That page is Pricing only
 * where something has a price; without Premium for sale it says what is free.
 */
export function productLinks(features: SiteFeatures): NavLink[] {
  return [
    { to: "/", label: "Generate" },
    { to: "/plan", label: "Plan" },
    { to: "/live", label: "Join a round" },
    { to: "/questions", label: "Questions" },
    // The page's own title says the same (content/pages/pricing.md).
    { to: "/pricing", label: features.premiumForSale ? "Pricing" : "What's free" },
  ];
}

/** Help and about pages: reachable from the header, one menu away, because hosts need them once. */
export const HELP_LINKS: readonly NavLink[] = [
  { to: "/how-to", label: "How to Use" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

type Plan = NonNullable<Viewer>["plan"];

/** The billing page is worth a link where Premium is sold, or for a member who has it. */
export const offersBilling = (plan: Plan, features: SiteFeatures) => features.premiumForSale || plan === "premium";

/** The AI studio (Premium's; it explains Premium to free members) where an AI writes and Premium is had or sold. */
export const offersStudio = (plan: Plan, features: SiteFeatures) => features.ai && offersBilling(plan, features);

/**
 * A member's account menu: Profile, Billing, Teams, Saved and the AI studio,
 * Admin only for admins. Sign out is a form, not a link. Billing and the
 * studio are offered only where they do something (offersBilling, offersStudio).
 */
export function accountLinks(viewer: NonNullable<Viewer>, features: SiteFeatures): NavLink[] {
  const links: NavLink[] = [{ to: "/profile", label: "Profile" }];
  if (offersBilling(viewer.plan, features)) links.push({ to: "/account/billing", label: "Billing" });
  links.push({ to: "/teams", label: "Teams" }, { to: "/saved-questions", label: "Saved" });
  if (offersStudio(viewer.plan, features)) links.push({ to: "/studio", label: "AI studio" });
  if (viewer.isAdmin) links.push({ to: "/admin", label: "Admin" });
  return links;
}

/** The plan link's words for screen readers, with the count the badge shows. */
export function planCountLabel(count: number): string {
  return count === 1 ? "1 question in your plan" : `${count} questions in your plan`;
}

/** The address of the cookie choice, from the footer and wherever else people look for it. */
export const COOKIE_SETTINGS_PATH = "/privacy-policy#cookie-settings";

export const FOOTER_SECTIONS: { title: string; links: NavLink[] }[] = [
  {
    title: "Categories",
    links: CATEGORIES.map((c) => ({ to: `/${c.slug}`, label: c.name })),
  },
  {
    title: "Resources",
    links: [
      { to: "/plan", label: "Plan a Meeting" },
      { to: "/questions", label: "Community Questions" },
      { to: "/articles", label: "Articles" },
      { to: "/articles/team-communication-best-practices", label: "Team Communication Best Practices" },
      { to: "/articles/remote-team-management-strategies", label: "Remote Team Management Strategies" },
      { to: "/how-to", label: "How to Use" },
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/privacy-policy", label: "Privacy Policy" },
      { to: COOKIE_SETTINGS_PATH, label: "Cookie settings" },
      { to: "/terms-of-service", label: "Terms of Service" },
    ],
  },
];
