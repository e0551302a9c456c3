import { MarkdownPage } from "~/components/content/MarkdownPage";
import { CookieSettings } from "~/components/layout/CookieSettings";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { siteFeatures } from "~/web/features.server";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  return { page: findPage("privacy-policy", {}, siteFeatures()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "What CircleUp stores about you and why: accounts, saved questions, first-party analytics only after consent, cookies, and your rights.",
    path: "/privacy-policy",
  });

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <MarkdownPage page={loaderData.page}>
      <CookieSettings />
    </MarkdownPage>
  );
}
