import { Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/how-to";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "How to Use",
    description:
      "How to pick, ask and close with a check-in, energizer or check-out question in your next team meeting.",
    path: "/how-to",
  });

export default function HowTo() {
  return (
    <ContentPage
      title="How to use CircleUp"
      lead="A good opening question takes five minutes and changes how the rest of the meeting feels. Here is how to get the most from it."
    >
      <h2>1. Pick the moment</h2>
      <p>
        Use a <strong>check-in</strong> at the start to help people arrive, an <strong>energizer</strong> when the room
        needs waking up, and a <strong>check-out</strong> to close with reflection or thanks.
      </p>
      <h2>2. Match the room</h2>
      <p>
        Choose a style (reflective, playful, professional or inspirational) and a depth: quick answers take about 30
        seconds each, standard ones one to two minutes, deep ones three to five. A team of eight with a deep question
        needs half an hour, so keep deep questions for retrospectives and offsites.
      </p>
      <h2>3. Ask it well</h2>
      <ul>
        <li>Answer first yourself: it shows the length and openness you hope for.</li>
        <li>Make passing easy. Answering is an invitation, never an obligation.</li>
        <li>Listen without commenting on each answer; a simple "thank you" is enough.</li>
      </ul>
      <h2>4. Keep what works</h2>
      <p>
        Copy a question into your agenda, or create a free account to save favourites and vote on the questions that
        worked for your team. <Link to="/">Find your next question</Link>.
      </p>
    </ContentPage>
  );
}
