import { MarkdownPage } from "~/components/content/MarkdownPage";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { siteFeatures } from "~/web/features.server";
import type { Route } from "./+types/how-to";

export function loader() {
  return { page: findPage("how-to", {}, siteFeatures()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "How to Use",
    description:
      "How to pick, ask and close with a check-in, energizer or check-out question in your next team meeting.",
    path: "/how-to",
  });

export default function HowTo({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
