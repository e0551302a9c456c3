import { useEffect, useSyncExternalStore } from "react";
import type { ServedQuestion } from "~/shared/questions";
import { readStorage, writeStorage } from "./safe-storage";

/** What invites a visitor to sign up: a new question, a copy, a vote or a save without an account. */
export type PromptTrigger = "after_generation" | "after_copy" | "after_vote_attempt" | "after_save_attempt";

export type SignUpOffer = {
  trigger: PromptTrigger;
  /** The question on screen: "Save This Question" saves it once the visitor has an account. */
  question: Pick<ServedQuestion, "id" | "question"> | null;
  /** Where on the page the invitation stands: the place of the card or generator whose action caused it. */
  place: string;
};

const shownKey = (trigger: PromptTrigger) => `circleup.signUpPrompt.${trigger}`;
/** Set once the visitor answered an invitation (Maybe later, or a link followed): none comes again. */
const ANSWERED_KEY = "circleup.signUpPrompt.answered";

let current: SignUpOffer | null = null;
const listeners = new Set<() => void>();
const publish = (offer: SignUpOffer | null) => {
  current = offer;
  for (const listener of listeners) listener();
};

/**
 * Invites a visitor to sign up, at most once per trigger per visit and never
 * again once they answered one: an invitation that came back after every
 * click would stand between the host and the next question. Answers whether
 * the invitation is shown.
 */
export function offerSignUp(offer: SignUpOffer): boolean {
  if (readStorage("local", ANSWERED_KEY)) return false;
  if (readStorage("session", shownKey(offer.trigger)) === "shown") return false;
  // Blocked storage only means the invitation may come once more on the next page.
  writeStorage("session", shownKey(offer.trigger), "shown");
  publish(offer);
  return true;
}

/** The visitor said Maybe later, or followed the invitation's link: it goes, for good. */
export function answerSignUpOffer(): void {
  writeStorage("local", ANSWERED_KEY, "yes");
  publish(null);
}

/**
 * The invitation for one place on the page, or null. It goes when its place
 * leaves the page (another page, a question gone), so it never follows the
 * visitor to the sign-up or verification page.
 */
export function useSignUpOffer(place: string): SignUpOffer | null {
  useEffect(
    () => () => {
      if (current?.place === place) publish(null);
    },
    [place],
  );
  const offer = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
  return offer?.place === place ? offer : null;
}
