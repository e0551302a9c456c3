import { Link, useRouteLoaderData } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About",
    description: "Why we build a question tool for people who run team meetings, and what we will and won't do.",
    path: "/about",
  });

export default function About() {
  const appName = useRouteLoaderData<typeof rootLoader>("root")?.appName ?? "CircleUp";
  return (
    <ContentPage
      title={`About ${appName}`}
      lead="We build a tool for team leads, managers and facilitators who want their meetings to feel safer and more connected."
    >
      <p>
        Most meetings start straight with the agenda. A short, well-chosen question first gives everyone a voice early,
        and people who have spoken once speak up more easily later. That is the small habit {appName} exists to make
        easy.
      </p>
      <h2>What we care about</h2>
      <ul>
        <li>Questions that are specific, warm and safe for work, that anyone can answer whatever their background.</li>
        <li>No forced disclosure: nothing about health, money, religion, politics or private life.</li>
        <li>Your data stays with us: no advertising trackers and nothing sold or shared.</li>
      </ul>
      <p>
        Questions come from a library we write and review ourselves, and from AI generation when you want something new.{" "}
        <Link to="/contact">Tell us</Link> what works in your team.
      </p>
    </ContentPage>
  );
}
