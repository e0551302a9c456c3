import { z } from "zod";
import { createToken, revokeToken } from "~/domain/accounts/api-tokens.server";
import { LIMITS } from "~/domain/limits/rules";
import { newTokenSchema, type TokenListing } from "~/shared/api-tokens";
import { memberOf } from "../actors";
import { nothing } from "../outputs";
import { teamIdParam } from "../params";
import { inTeam, teamOf } from "../teams/scope";
import { defineUseCase, done } from "../use-case";

const created = z.object({ token: z.string(), listing: z.custom<TokenListing>() });
const tokenId = z.uuid({ error: "tokenId: must be a token's id" });

/*
 * Tokens are made and revoked by a person signed in, never by a token: a
 * leaked token must not be able to make itself another.
 */

export const createPersonalToken = defineUseCase({
  name: "accounts.create-token",
  summary:
    "Makes an API token that acts for the member (in every team of theirs, or only in teamId) and answers its secret once.",
  input: newTokenSchema.extend({
    teamId: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
  }),
  output: created,
  actors: ["member"],
  // Only a team the member is in.
  team: { ability: "view", field: "teamId" },
  limit: { rule: LIMITS.newTokens },
  errors: ["TOKENS_TOO_MANY"],
  async run({ db }, actor, { name, access, expiry }, scope) {
    const made = await createToken(db, {
      kind: "personal",
      name,
      access,
      expiry,
      userId: memberOf(actor).id,
      teamId: scope.team?.teamId ?? null,
    });
    if (!made.ok) return made;
    return done({ token: made.token, listing: { ...made.listing, teamName: scope.team?.teamName ?? null } });
  },
});

export const revokePersonalToken = defineUseCase({
  name: "accounts.revoke-token",
  summary: "Revokes one of the member's API tokens: it is refused from the next call on.",
  input: z.object({ tokenId }),
  output: nothing,
  actors: ["member"],
  errors: ["TOKEN_NOT_FOUND"],
  async run({ db }, actor, { tokenId }) {
    const revoked = await revokeToken(db, tokenId, { userId: memberOf(actor).id });
    return revoked.ok ? done(undefined) : revoked;
  },
});

export const createTeamToken = defineUseCase({
  name: "teams.create-token",
  summary: "Makes an API token that acts for the team (running meetings, the collection) and answers its secret once.",
  input: newTokenSchema.extend({ teamId: teamIdParam }),
  output: created,
  actors: ["member"],
  team: inTeam("manage-settings"),
  limit: { rule: LIMITS.newTokens },
  errors: ["TOKENS_TOO_MANY"],
  async run({ db }, _actor, { name, access, expiry }, scope) {
    const { teamId, userId, teamName } = teamOf(scope);
    const made = await createToken(db, { kind: "team", name, access, expiry, userId, teamId });
    if (!made.ok) return made;
    return done({ token: made.token, listing: { ...made.listing, teamName } });
  },
});

export const revokeTeamToken = defineUseCase({
  name: "teams.revoke-token",
  summary: "Revokes one of the team's API tokens.",
  input: z.object({ teamId: teamIdParam, tokenId }),
  output: nothing,
  actors: ["member"],
  team: inTeam("manage-settings"),
  errors: ["TOKEN_NOT_FOUND"],
  async run({ db }, _actor, { tokenId }, scope) {
    const { teamId, userId } = teamOf(scope);
    const revoked = await revokeToken(db, tokenId, { userId, teamId });
    return revoked.ok ? done(undefined) : revoked;
  },
});
