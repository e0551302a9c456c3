import { CATEGORIES } from "./categories";

export type NavLink = { to: string; label: string };

/** How a page sits in the site: with header and footer, focused (the logo alone), or the room's screen (nothing of the site). */
export type PageLayout = "site" | "focused" | "room";

/** Who is looking at the page, as far as navigation cares. */
export type Viewer = { id: string; name: string; isAdmin: boolean; plan: "free" | "premium" } | null;

/** Header links: Saved only when signed in, Admin only for admins, then Profile when signed in or Sign In when not. */
export function headerLinks(viewer: Viewer): NavLink[] {
  const links: NavLink[] = [
    { to: "/how-to", label: "How to Use" },
    { to: "/about", label: "About" },
    { to: "/contact", label: "Contact" },
  ];
  if (viewer) links.push({ to: "/saved-questions", label: "Saved" });
  if (viewer?.isAdmin) links.push({ to: "/admin", label: "Admin" });
  links.push(viewer ? { to: "/profile", label: "Profile" } : { to: "/sign-in", label: "Sign In" });
  return links;
}

export const FOOTER_SECTIONS: { title: string; links: NavLink[] }[] = [
  {
    title: "Categories",
    links: CATEGORIES.map((c) => ({ to: `/${c.slug}`, label: c.name })),
  },
  {
    title: "Resources",
    links: [
      { to: "/plan", label: "Plan a Meeting" },
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
      { to: "/terms-of-service", label: "Terms of Service" },
    ],
  },
];
