import { MarkdownPage } from "~/components/content/MarkdownPage";
import { config } from "~/config.server";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { siteFeatures } from "~/web/features.server";
import type { Route } from "./+types/about";

export function loader() {
  return { page: findPage("about", { appName: config().appName }, siteFeatures()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About",
    description: "Why we build a question tool for people who run team meetings, and what we will and won't do.",
    path: "/about",
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
