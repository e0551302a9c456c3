import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";
import {
  answerDialog,
  answerFromDialog,
  googleChatApi,
  googleChatPoster,
  googleChatVerifier,
} from "~/domain/chat/google-chat.server";
import type { ChatInstallation } from "~/domain/chat/installations.server";
import { ChatRateLimited, type RoundMessage } from "~/domain/chat/round-posts.server";
import { CHAT_SIGNER, type FakeGoogleChat, startFakeGoogleChat } from "../support/fake-google-chat";

/**
 * Google Chat's side against the local stand-in of Google: the settings are
 * all or none, a create Chat already took is answered with that message
 * instead of a second one, a 429 without Retry-After waits a stated
 * back-off, a deleted message is not the app's removal, and an endpoint-URL audience takes only Chat's ID tokens.
 */
describe("Google Chat", () => {
  let google: FakeGoogleChat;
  beforeAll(async () => {
    google = await startFakeGoogleChat();
  });
  afterAll(async () => google?.stop());

  const settings = (audience = "123456789012") => ({
    audience,
    serviceAccount: JSON.parse(google.serviceAccountJson) as { client_email: string; private_key: string },
  });
  const appSettings = (audience?: string) => {
    const { serviceAccount, ...rest } = settings(audience);
    return {
      ...rest,
      serviceAccount: { clientEmail: serviceAccount.client_email, privateKey: serviceAccount.private_key },
      apiUrl: google.url,
      certsUrl: google.certsUrl,
      tokenUrl: google.tokenUrl,
    };
  };

  it("needs the audience and the service account together, and a key with its e-mail and private key", () => {
    expect(() => parseConfig({ GOOGLE_CHAT_AUDIENCE: "123456789012" })).toThrow(ConfigError);
    expect(() => parseConfig({ GOOGLE_CHAT_API_URL: google.url })).toThrow(
      /GOOGLE_CHAT_AUDIENCE and GOOGLE_CHAT_SERVICE_ACCOUNT/,
    );
    expect(() =>
      parseConfig({ GOOGLE_CHAT_AUDIENCE: "123456789012", GOOGLE_CHAT_SERVICE_ACCOUNT: '{"client_email":"x"}' }),
    ).toThrow(/JSON key/);
    expect(() =>
      parseConfig({ GOOGLE_CHAT_AUDIENCE: "123456789012", GOOGLE_CHAT_SERVICE_ACCOUNT: "/no/such/key.json" }),
    ).toThrow(/readable key file/);
    const parsed = parseConfig({
      GOOGLE_CHAT_AUDIENCE: "123456789012",
      GOOGLE_CHAT_SERVICE_ACCOUNT: google.serviceAccountJson,
    });
    expect(parsed.googleChat).toMatchObject({
      apiUrl: "https://chat.googleapis.com",
      tokenUrl: "https://oauth2.googleapis.com/token",
      certsUrl: `https://www.googleapis.com/service_accounts/v1/metadata/x509/${CHAT_SIGNER}`,
    });
    expect(parsed.googleChat?.serviceAccount.clientEmail).toContain("@");
    expect(parseConfig({}).googleChat).toBeUndefined();
  });

  const installation = { id: "i", teamId: "t", platform: "google-chat" } as ChatInstallation;
  const message: RoundMessage = {
    roundId: "0d9f5c2e-0000-4000-8000-000000000001",
    position: 0,
    question: { text: "What made you smile?", mode: "text", options: [] },
    answered: 0,
    open: true,
  };

  it("posts a round once however often the create is sent, and waits a back-off on a 429 without Retry-After", async () => {
    const gone: string[] = [];
    const poster = googleChatPoster(googleChatApi(appSettings()), async (space) => void gone.push(space));
    const first = await poster.postRound(installation, "spaces/ONE", message);
    const again = await poster.postRound(installation, "spaces/ONE", message);
    expect(again).toBe(first);
    expect([...google.messages.keys()].filter((name) => name.startsWith("spaces/ONE/"))).toEqual([first]);
    expect(google.calls.filter((c) => c.status === 409)).toHaveLength(1);
    // One access token for all of it: the client keeps it until it expires.
    expect(google.tokensIssued()).toBe(1);

    google.rateLimitOnce(0);
    const limited = await poster.postRound(installation, "spaces/TWO", message).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(ChatRateLimited);
    expect((limited as ChatRateLimited).retryAfterSeconds).toBe(5);

    // Someone deleted the round's message: nothing to update, and the summary starts a thread of its own.
    google.messages.delete(first);
    await poster.updateRound(installation, "spaces/ONE", first, { ...message, answered: 1 });
    const summary = await poster.postSummary(installation, "spaces/ONE", first, { question: "Q", lines: ["a"] });
    expect(google.messages.get(summary)?.thread.name).toMatch(/^spaces\/ONE\/threads\//);
    expect(gone).toEqual([]);

    // The app was removed from the space: Chat refuses the space, and the installation goes.
    google.remove("spaces/ONE");
    await expect(poster.postRound(installation, "spaces/ONE", { ...message, roundId: "r2" })).rejects.toThrow(
      /no longer in spaces\/ONE/,
    );
    expect(gone).toEqual(["spaces/ONE"]);
  });

  it("takes only Chat's own ID tokens for an endpoint-URL audience", async () => {
    const endpoint = "https://circleup.example/chat/google/events";
    const verifier = googleChatVerifier(appSettings(endpoint));
    const idToken = (claims: { email?: string; iss?: string }) =>
      google.eventToken({ aud: endpoint, iss: "https://accounts.google.com", ...claims });
    expect(await verifier.verify(idToken({ email: CHAT_SIGNER }))).toBe(true);
    expect(await verifier.verify(idToken({ email: "someone@example.com" }))).toBe(false);
    expect(await verifier.verify(idToken({}))).toBe(false);
    expect(await verifier.verify(google.eventToken({ aud: endpoint, email: CHAT_SIGNER }))).toBe(false);
  });

  it("asks a pick question with radio buttons and reads the pick, or says nothing was picked", () => {
    const dialog = answerDialog(
      { roundId: message.roundId, position: 1 },
      { text: "Tea or coffee?", mode: "pick", options: ["Tea", "Coffee"] },
    );
    const body = JSON.stringify(dialog);
    expect(body).toContain('"RADIO_BUTTON"');
    expect(body).toContain('"Coffee"');
    const parameters = { roundId: message.roundId, position: "1", kind: "choice" };
    const target = { roundId: message.roundId, position: 1 };
    expect(answerFromDialog({ answer: { stringInputs: { value: ["1"] } } }, target, parameters)).toEqual({
      position: 1,
      choice: 1,
    });
    expect(answerFromDialog({}, target, parameters)).toBeNull();
  });
});
