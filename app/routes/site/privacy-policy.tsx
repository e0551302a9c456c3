import { Link } from "react-router";
import { ContentPage } from "~/components/ContentPage";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Privacy Policy",
    description:
      "What CircleUp stores about you and why: accounts, saved questions, first-party analytics only after consent, cookies, and your rights.",
    path: "/privacy-policy",
  });

export default function PrivacyPolicy() {
  return (
    <ContentPage
      title="Privacy Policy"
      lead="We keep as little about you as the product needs, we never sell or share it, and nothing goes to advertising or analytics companies."
    >
      <p>Last updated: 23 November 2026</p>

      <h2>Without an account</h2>
      <p>
        You can use the generator and browse questions without an account. We then store no personal data about you. If
        you generate a new AI question, we set one cookie, <code>cu_visitor</code>, holding a random id for 24 hours. It
        counts your free AI questions and nothing else.
      </p>

      <h2>With an account</h2>
      <ul>
        <li>Your name, e-mail address and whether it is verified.</li>
        <li>
          A hash of your password, never the password itself. If you sign in with Google, we receive your name, e-mail
          address and Google account id instead.
        </li>
        <li>Your two-factor secret and backup codes, if you turn two-factor sign-in on.</li>
        <li>
          Your active sessions, with the IP address and browser they came from, so you can see and end them on your
          profile.
        </li>
        <li>Your plan (free or premium) and how many AI questions you used today.</li>
        <li>
          What you do with questions: the ones you save, your votes, the questions you submit and, in your generation
          history, the questions you were served.
        </li>
      </ul>

      <h2>Analytics</h2>
      <p>
        Our analytics are first-party: they are stored in our own database and nothing is sent to third parties. Page
        views (the page's name, its path and address, and your account id if you are signed in) are recorded only after
        you accept the cookie banner. Without your consent, no page views are recorded. When a page breaks, the error
        message is recorded the same way, also only with consent.
      </p>
      <p>
        A few events are recorded without consent because they carry no tracking cookie and we need them to run and
        protect the service: sign-up, sign-in, question generation and votes, linked to your account where there is one.
      </p>

      <h2>Cookies and browser storage</h2>
      <ul>
        <li>
          <code>circleup.session_token</code> and related <code>circleup.*</code> cookies keep you signed in. They are
          HttpOnly, so scripts cannot read them, and last 30 days, counted again from each day you visit, or until you
          sign out.
        </li>
        <li>
          <code>cu_visitor</code>, as described above, only when you generate AI questions without an account.
        </li>
        <li>
          In your browser's local storage, never sent to us: your cookie banner choice (<code>cookieConsent</code>),
          your recent questions and the ids of questions you have seen (so the generator avoids repeats), and whether
          you dismissed the sign-up prompt.
        </li>
      </ul>

      <h2>AI generation</h2>
      <p>
        When you ask for a question fresh from AI, we send your chosen options (meeting moment, style, engagement level
        and category) and up to five previous question texts to the AI provider. We never send your name, e-mail address
        or any other personal data.
      </p>

      <h2>E-mail and the contact form</h2>
      <p>
        We send only the e-mail the service needs: address verification, password reset, a welcome message and
        confirmation of an e-mail change. No newsletters or marketing. Messages sent through the contact form are stored
        with the name and e-mail address you give, so we can answer; to stop abuse we also keep a one-way, keyed hash of
        your IP address with each message.
      </p>

      <h2>Your rights</h2>
      <ul>
        <li>
          Download everything we hold about your account as JSON from your <Link to="/profile">profile</Link>.
        </li>
        <li>
          Delete your account on the same page. Your personal data, votes, saved questions and submitted questions are
          removed at once.
        </li>
        <li>
          Ask us anything about your data through the <Link to="/contact">contact page</Link>.
        </li>
      </ul>

      <h2>How long we keep data</h2>
      <p>
        Account data stays until you delete your account. To slow down password guessing and spam, we keep a request
        count and the time of the last request per IP address for sign-in, sign-up and similar forms. The server also
        counts analytics events per IP address in its memory for one minute, to stop floods, and never stores that
        count. Anonymous visitor ids expire after 24 hours.
      </p>

      <h2>Changes</h2>
      <p>
        If we change what we store or why, we update this page and its date first. CircleUp is made in Copenhagen,
        Denmark.
      </p>
    </ContentPage>
  );
}
