import { z } from "zod";
import { updateFullName } from "~/domain/accounts/profiles.server";
import { setProductNewsConsent } from "~/domain/news/consent.server";
import { fullNameSchema } from "~/shared/accounts-schemas";
import { memberOf } from "../actors";
import { defineUseCase, done } from "../use-case";

export const changeFullName = defineUseCase({
  name: "accounts.change-name",
  summary: "Changes the name the member is shown by.",
  input: z.object({ fullName: fullNameSchema }),
  output: z.object({ fullName: z.string() }),
  actors: ["member"],
  errors: [],
  async run({ db }, actor, { fullName }) {
    await updateFullName(db, memberOf(actor).id, fullName);
    return done({ fullName });
  },
});

export const chooseProductNews = defineUseCase({
  name: "accounts.set-product-news",
  summary: "Asks for occasional product news by e-mail, or stops it.",
  input: z.object({ wanted: z.boolean() }),
  output: z.object({ wanted: z.boolean() }),
  actors: ["member"],
  errors: [],
  async run({ db }, actor, { wanted }) {
    await setProductNewsConsent(db, memberOf(actor).id, wanted);
    return done({ wanted });
  },
});
