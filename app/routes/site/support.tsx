import { MarkdownPage } from "~/components/content/MarkdownPage";
import { findPage } from "~/domain/content/pages.server";
import { seo, siteFrom } from "~/lib/seo";
import { quotaStatement, siteFeatures } from "~/web/features.server";
import type { Route } from "./+types/support";

export function loader() {
  const features = siteFeatures();
  return { page: findPage("support", { aiQuota: quotaStatement(features) ?? "" }, features) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Support",
    description: `Help with CircleUp: verification e-mails, forgotten passwords, two-factor sign-in, ${siteFrom(matches).features.ai ? "AI limits, " : ""}and your data.`,
    path: "/support",
  });

export default function Support({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
