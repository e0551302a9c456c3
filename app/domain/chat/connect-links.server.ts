import type { ChatPlatformName } from "~/shared/chat";
import { CHAT_PLATFORMS } from "~/shared/chat";
import { failure, type Outcome } from "../errors";
import type { TokenSeal } from "./sealing.server";

/**
 * A channel on a platform whose app is added from inside the platform
 * (Microsoft Teams, Google Chat): the platform tells the app where it was
 * added, never which CircleUp team that is. The app answers in the channel
 * with a connect link; an owner who follows it, signed in to CircleUp,
 * picks the team. The link carries the place sealed (AES-GCM under the chat
 * key: nobody can read or forge it) and expires after an hour.
 */
export type ChatPlace = {
  platform: ChatPlatformName;
  workspaceId: string;
  workspaceName: string | null;
  channelId: string;
  channelName: string | null;
  botUserId: string | null;
  /** What the platform needs to post there again (a conversation reference, a space's name), kept sealed. */
  reference: string;
};

export const CONNECT_LINK_PATH = "/chat/connect";
const CONNECT_LINK_TTL_MS = 60 * 60 * 1000;

export function connectLink(seal: TokenSeal, publicUrl: string, place: ChatPlace, now = new Date()): string {
  const token = seal.seal(JSON.stringify({ ...place, expiresAt: now.getTime() + CONNECT_LINK_TTL_MS }));
  return `${publicUrl}${CONNECT_LINK_PATH}?link=${token}`;
}

function isPlace(value: unknown): value is ChatPlace & { expiresAt: number } {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    CHAT_PLATFORMS.includes(v.platform as ChatPlatformName) &&
    typeof v.workspaceId === "string" &&
    typeof v.channelId === "string" &&
    typeof v.reference === "string" &&
    typeof v.expiresAt === "number"
  );
}

/** The place a connect link names; refused when it was altered, sealed under another key, or is older than an hour. */
export function openConnectLink(seal: TokenSeal, token: string, now = new Date()): Outcome<{ place: ChatPlace }> {
  const opened = seal.open(token.slice(0, 4000));
  let parsed: unknown = null;
  try {
    parsed = opened ? JSON.parse(opened) : null;
  } catch {
    parsed = null;
  }
  if (!isPlace(parsed)) return failure("CHAT_LINK_INVALID");
  if (parsed.expiresAt < now.getTime()) return failure("CHAT_LINK_EXPIRED");
  const { expiresAt: _expiresAt, ...place } = parsed;
  return { ok: true, place };
}
