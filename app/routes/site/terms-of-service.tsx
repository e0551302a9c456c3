import { Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Terms of Service",
    description:
      "The plain-language terms for using CircleUp: your account, acceptable use, questions you submit, AI-generated questions.",
    path: "/terms-of-service",
  });

export default function TermsOfService() {
  return (
    <ContentPage
      title="Terms of Service"
      lead="The short version: use CircleUp to run better meetings, be kind in what you submit, and review questions before you ask them."
    >
      <p>Last updated: 23 November 2026</p>

      <h2>Using CircleUp</h2>
      <p>
        CircleUp is free to use. You may use the questions you find here in your own meetings, workshops and training,
        at work or elsewhere.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else has used your account. You are responsible
        for what is done with it. You can delete your account at any time on your <Link to="/profile">profile</Link>.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>Do not submit questions that are abusive, discriminatory, unsafe for work or unlawful.</li>
        <li>Do not use questions to pressure people into sharing private matters.</li>
        <li>Do not scrape or automate requests in a way that harms the service for others.</li>
        <li>Do not try to get around limits, sign-in or other people's accounts.</li>
      </ul>
      <p>We may suspend accounts that break these rules.</p>

      <h2>Questions you submit</h2>
      <p>
        You keep the rights to the questions you write. By submitting one, you allow CircleUp to publish it in the
        question library, show it to others and let them copy and use it. Every submitted question is reviewed before it
        is published, and we may edit or remove it.
      </p>

      <h2>AI-generated questions</h2>
      <p>
        Questions written by AI are provided as they are. We check them automatically for length and repeats, but please
        read a question before you ask it in a meeting and skip it if it does not fit your team.
      </p>

      <h2>The service</h2>
      <p>
        We work to keep CircleUp available and correct, but we provide it as it is, without guarantees of availability
        or fitness for a particular purpose. We may change features, limits and these terms; changes to the terms are
        announced on this page with a new date.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms? Write to us through the <Link to="/contact">contact page</Link>. CircleUp is made
        in Copenhagen, Denmark.
      </p>
    </ContentPage>
  );
}
