import { Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { config } from "~/config.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export function loader() {
  return { contactEmail: config().contactEmail ?? null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Contact",
    description: "Questions, ideas for the question library, or something that did not work? Get in touch.",
    path: "/contact",
  });

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <ContentPage
      title="Contact us"
      lead="Questions, ideas for the question library, or something that did not work as you expected? We read every message."
    >
      {contactEmail ? (
        <p>
          Write to us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. We answer within two working days.
        </p>
      ) : (
        <p>This CircleUp deployment has not published a contact address yet.</p>
      )}
      <p>
        Looking for help with running a check-in? The <Link to="/how-to">how-to guide</Link> covers picking, asking and
        closing with a question.
      </p>
    </ContentPage>
  );
}
