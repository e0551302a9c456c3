import { useSyncExternalStore } from "react";
import type { ServedQuestion } from "~/shared/questions";
import { readStorage, writeStorage } from "./safe-storage";

/** What invites a visitor to sign up: a new question, a copy, a vote attempt. */
export type PromptTrigger = "after_generation" | "after_copy" | "after_vote_attempt";
export type PromptVariant = "compact" | "full";

export type SignUpOffer = {
  trigger: PromptTrigger;
  variant: PromptVariant;
  /** The question on screen: "Save This Question" saves it once the visitor has an account. */
  question: Pick<ServedQuestion, "id" | "question"> | null;
};

const shownKey = (trigger: PromptTrigger) => `circleup.signUpPrompt.${trigger}`;

let current: SignUpOffer | null = null;
const listeners = new Set<() => void>();
const publish = (offer: SignUpOffer | null) => {
  current = offer;
  for (const listener of listeners) listener();
};

/**
 * Offers a visitor an account, at most once per trigger per visit: a prompt
 * that came back after every click would stand between the host and the
 * next question. Answers whether the prompt is shown.
 */
export function offerSignUp(offer: SignUpOffer): boolean {
  if (readStorage("session", shownKey(offer.trigger)) === "shown") return false;
  // Blocked storage only means the prompt may come once more on the next page.
  writeStorage("session", shownKey(offer.trigger), "shown");
  publish(offer);
  return true;
}

export function dismissSignUpOffer(): void {
  publish(null);
}

/** The prompt on offer now, for the one place on the page that shows it. */
export function useSignUpOffer(): SignUpOffer | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
