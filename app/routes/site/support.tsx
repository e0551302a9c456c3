import { Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/support";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Support",
    description:
      "Help with CircleUp: verification e-mails, forgotten passwords, two-factor sign-in, AI limits, and your data.",
    path: "/support",
  });

export default function Support() {
  return (
    <ContentPage
      title="Support"
      lead="Answers to the questions we hear most. If yours is not here, send us a message and we will help."
    >
      <h2>The verification e-mail did not arrive</h2>
      <p>
        Check your spam or promotions folder first. On the <Link to="/sign-in">sign-in page</Link>, signing in with an
        unverified address offers 'Resend'; a new link arrives within a minute or two. Each link works once.
      </p>

      <h2>I forgot my password</h2>
      <p>
        Enter your e-mail address on the sign-in page and choose 'Forgot password?'. We send a reset link that works
        once and expires after 60 minutes. Setting a new password signs you out everywhere else.
      </p>

      <h2>I lost the device with my two-factor app</h2>
      <p>
        Sign in with your password, then use one of the backup codes you saved when you turned two-factor on. Each code
        works once. Once in, turn two-factor off and on again on your profile to set up the new device.
      </p>

      <h2>I reached the AI limit</h2>
      <p>
        Library questions never run out. New AI questions are limited: 10 per 24 hours without an account, 25 per day
        with a free account, unlimited with Premium. See <Link to="/pricing">pricing</Link> for the details.
      </p>

      <h2>My data and my account</h2>
      <p>
        On your <Link to="/profile">profile</Link> you can download everything we hold about you as JSON, change your
        name, e-mail address and password, see and end your sessions, and delete your account.
      </p>

      <h2>Running a check-in</h2>
      <p>
        The <Link to="/how-to">how-to guide</Link> covers choosing, asking and closing with a question, and the{" "}
        <Link to="/articles">articles</Link> go deeper into specific meetings.
      </p>

      <h2>Still stuck?</h2>
      <p>
        Send us a message through the <Link to="/contact">contact page</Link>. Tell us what you tried and what you saw;
        we answer within two working days.
      </p>
    </ContentPage>
  );
}
