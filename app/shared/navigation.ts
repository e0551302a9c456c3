import { CATEGORIES } from "./categories";

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

/** What the product does, in the order a host meets it: get a question, plan a meeting, run a round, browse, pay. */
export const PRODUCT_LINKS = [
  { to: "/", label: "Generate" },
  { to: "/plan", label: "Plan" },
  { to: "/live", label: "Join a round" },
  { to: "/questions", label: "Questions" },
  { to: "/pricing", label: "Pricing" },
] as const satisfies readonly NavLink[];

/** Help and about pages: reachable from the header, one menu away, because hosts need them once. */
export const HELP_LINKS: readonly NavLink[] = [
  { to: "/how-to", label: "How to Use" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

/** A member's account menu: Profile, Billing, Teams, Saved and the AI studio (Premium's; it explains Premium to free members), Admin only for admins. Sign out is a form, not a link. */
export function accountLinks(viewer: NonNullable<Viewer>): NavLink[] {
  const links: NavLink[] = [
    { to: "/profile", label: "Profile" },
    { to: "/account/billing", label: "Billing" },
    { to: "/teams", label: "Teams" },
    { to: "/saved-questions", label: "Saved" },
    { to: "/studio", label: "AI studio" },
  ];
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
