/**
 * The mails a change of plan sends. Transactional (they are about the
 * member's own payments), so no marketing consent is asked for.
 */
import { type EmailContent, render } from "~/domain/email/templates";
import { formatDay } from "~/shared/format";

type Common = { appName: string; name: string; billingUrl: string };

const day = (date: Date) => formatDay(date.toISOString());

export function welcomeToPremiumEmail({
  appName,
  name,
  billingUrl,
  trialEndsAt,
}: Common & { trialEndsAt: Date | null }): EmailContent {
  return {
    subject: `Welcome to ${appName} Premium`,
    ...render({
      appName,
      name,
      paragraphs: [
        "Thank you: your account has Premium now.",
        trialEndsAt
          ? `Your free trial runs until ${day(trialEndsAt)}; we will remind you three days before it ends.`
          : "Your plan renews by itself; you can change or cancel it at any time.",
      ],
      button: { label: "See your plan", url: billingUrl },
    }),
  };
}

export function trialEndingEmail({
  appName,
  name,
  billingUrl,
  trialEndsAt,
}: Common & { trialEndsAt: Date }): EmailContent {
  return {
    subject: `Your ${appName} Premium trial ends in 3 days`,
    ...render({
      appName,
      name,
      paragraphs: [
        `Your free trial of Premium ends on ${day(trialEndsAt)}. After that your plan is paid as you chose at checkout.`,
        "Nothing to do if you want to keep it. To change the plan or cancel before you pay, open your billing page.",
      ],
      button: { label: "Manage billing", url: billingUrl },
    }),
  };
}

export function paymentFailedEmail({ appName, name, billingUrl }: Common): EmailContent {
  return {
    subject: `Your ${appName} Premium payment failed`,
    ...render({
      appName,
      name,
      paragraphs: [
        "We could not take the payment for your Premium plan. Your bank or card declined it.",
        "Premium stays on while the payment is tried again. Please update your card so it goes through.",
      ],
      button: { label: "Update your card", url: billingUrl },
    }),
  };
}

export function cancelledEmail({ appName, name, billingUrl, endsAt }: Common & { endsAt: Date }): EmailContent {
  const ended = endsAt.getTime() <= Date.now();
  return {
    subject: `Your ${appName} Premium is cancelled`,
    ...render({
      appName,
      name,
      paragraphs: [
        ended
          ? `Your Premium plan is cancelled and ended on ${day(endsAt)}. Your account is on the free plan.`
          : `Your Premium plan is cancelled. You keep Premium until ${day(endsAt)}; after that your account is on the free plan.`,
        "Your saved questions, plans and teams stay as they are. You can take Premium again at any time.",
      ],
      button: { label: "See your plan", url: billingUrl },
    }),
  };
}
