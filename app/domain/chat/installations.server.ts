import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { chatInstallations } from "~/db/schema";
import type { ChatConnection, ChatPlatformName } from "~/shared/chat";
import type { TokenSeal } from "./sealing.server";

/** A connected workspace with its bot token opened, for the one call that needs it. */
export type ChatInstallation = {
  id: string;
  teamId: string;
  platform: ChatPlatformName;
  workspaceId: string;
  botUserId: string | null;
  botToken: string;
  channelId: string | null;
  channelName: string | null;
};

type Row = typeof chatInstallations.$inferSelect;

function opened(row: Row | undefined, seal: TokenSeal): ChatInstallation | null {
  if (!row) return null;
  const botToken = seal.open(row.botTokenSealed);
  if (!botToken) return null;
  return {
    id: row.id,
    teamId: row.teamId,
    platform: row.platform as ChatPlatformName,
    workspaceId: row.workspaceId,
    botUserId: row.botUserId,
    botToken,
    channelId: row.channelId,
    channelName: row.channelName,
  };
}

/**
 * Keeps a team's workspace after the platform's install: a second install
 * for the team on the same platform replaces the first (its channel is
 * picked again unless the workspace is the same or the install named one).
 */
export async function saveInstallation(
  db: Database,
  seal: TokenSeal,
  input: {
    teamId: string;
    platform: ChatPlatformName;
    workspaceId: string;
    workspaceName: string | null;
    botUserId: string | null;
    botToken: string;
    installedBy: string;
    /** The channel, when the platform named it at the install (Microsoft Teams, Google Chat, Discord). */
    channel?: { id: string; name: string | null };
  },
): Promise<void> {
  const values = {
    teamId: input.teamId,
    platform: input.platform,
    workspaceId: input.workspaceId,
    workspaceName: input.workspaceName,
    botUserId: input.botUserId,
    botTokenSealed: seal.seal(input.botToken),
    installedBy: input.installedBy,
    channelId: input.channel?.id ?? null,
    channelName: input.channel?.name ?? null,
  };
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        workspaceId: chatInstallations.workspaceId,
        channelId: chatInstallations.channelId,
        channelName: chatInstallations.channelName,
      })
      .from(chatInstallations)
      .where(and(eq(chatInstallations.teamId, input.teamId), eq(chatInstallations.platform, input.platform)))
      .for("update");
    const keep =
      !input.channel && existing?.workspaceId === input.workspaceId
        ? { channelId: existing.channelId, channelName: existing.channelName }
        : {};
    await tx
      .insert(chatInstallations)
      .values({ ...values, ...keep })
      .onConflictDoUpdate({
        target: [chatInstallations.teamId, chatInstallations.platform],
        set: { ...values, ...keep, updatedAt: new Date() },
      });
  });
}

/** The team's workspace on a platform, token opened; null when none is connected or its token cannot be opened. */
export async function teamInstallation(
  db: Database,
  seal: TokenSeal,
  teamId: string,
  platform: ChatPlatformName,
): Promise<ChatInstallation | null> {
  const [row] = await db
    .select()
    .from(chatInstallations)
    .where(and(eq(chatInstallations.teamId, teamId), eq(chatInstallations.platform, platform)));
  return opened(row, seal);
}

/** A workspace's latest installation (a payload names its workspace, never a team); null for a workspace never connected. */
export async function workspaceInstallation(
  db: Database,
  seal: TokenSeal,
  platform: ChatPlatformName,
  workspaceId: string,
): Promise<ChatInstallation | null> {
  const [row] = await db
    .select()
    .from(chatInstallations)
    .where(and(eq(chatInstallations.platform, platform), eq(chatInstallations.workspaceId, workspaceId)))
    .orderBy(desc(chatInstallations.updatedAt))
    .limit(1);
  return opened(row, seal);
}

/** What the team's settings page shows of its connections. */
export async function teamConnections(db: Database, teamId: string): Promise<ChatConnection[]> {
  const rows = await db
    .select({
      platform: chatInstallations.platform,
      workspaceId: chatInstallations.workspaceId,
      workspaceName: chatInstallations.workspaceName,
      channelId: chatInstallations.channelId,
      channelName: chatInstallations.channelName,
    })
    .from(chatInstallations)
    .where(eq(chatInstallations.teamId, teamId));
  return rows.map((row) => ({
    platform: row.platform as ChatPlatformName,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    channel: row.channelId ? { id: row.channelId, name: row.channelName } : null,
  }));
}

/** Whether the team has a channel connected on any platform: where its rounds, reminders and questions of the day go. */
export async function hasChatChannel(db: Database, teamId: string): Promise<boolean> {
  return (await teamConnections(db, teamId)).some((connection) => connection.channel !== null);
}

/** The channel the team's rounds are posted to. */
export async function chooseChannel(
  db: Database,
  teamId: string,
  platform: ChatPlatformName,
  channel: { id: string; name: string },
): Promise<boolean> {
  const updated = await db
    .update(chatInstallations)
    .set({ channelId: channel.id, channelName: channel.name, updatedAt: new Date() })
    .where(and(eq(chatInstallations.teamId, teamId), eq(chatInstallations.platform, platform)))
    .returning({ id: chatInstallations.id });
  return updated.length > 0;
}

/** The owner disconnects: the row and its token are deleted. */
export async function disconnectTeam(db: Database, teamId: string, platform: ChatPlatformName): Promise<boolean> {
  const deleted = await db
    .delete(chatInstallations)
    .where(and(eq(chatInstallations.teamId, teamId), eq(chatInstallations.platform, platform)))
    .returning({ id: chatInstallations.id });
  return deleted.length > 0;
}

/** The app was uninstalled from a workspace or its tokens revoked: every team's token for it is deleted. */
export async function forgetWorkspace(db: Database, platform: ChatPlatformName, workspaceId: string): Promise<number> {
  const deleted = await db
    .delete(chatInstallations)
    .where(and(eq(chatInstallations.platform, platform), eq(chatInstallations.workspaceId, workspaceId)))
    .returning({ id: chatInstallations.id });
  return deleted.length;
}
