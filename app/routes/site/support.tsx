import { MarkdownPage } from "~/components/content/MarkdownPage";
import { config } from "~/config.server";
import { findPage } from "~/domain/content/pages.server";
import { seo } from "~/lib/seo";
import { quotaSentence, quotaWords } from "~/shared/quota-words";
import type { Route } from "./+types/support";

export function loader() {
  return { page: findPage("support", { aiQuota: quotaSentence(quotaWords(config().aiQuota)) }) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Support",
    description:
      "Help with CircleUp: verification e-mails, forgotten passwords, two-factor sign-in, AI limits, and your data.",
    path: "/support",
  });

export default function Support({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
