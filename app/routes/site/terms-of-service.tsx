import { MarkdownPage } from "~/components/content/MarkdownPage";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { siteFeatures } from "~/web/features.server";
import type { Route } from "./+types/terms-of-service";

export function loader() {
  return { page: findPage("terms-of-service", {}, siteFeatures()) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms of Service",
    description:
      "The plain-language terms for using CircleUp: your account, acceptable use, questions you submit, AI-generated questions.",
    path: "/terms-of-service",
  });

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
