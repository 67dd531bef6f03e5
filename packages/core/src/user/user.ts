import type { UniqueKind } from "../dynamo/entities/unique";
import { useActor, useUserId } from "../actor";
import type { EntityItem } from "electrodb";
import type { NotificationPreferences } from "../auth/schema";
import type { User } from "../dynamo/entities/user";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { completePreferences } from "../notification/preferences";
import { isConditionFailed } from "../dynamo/errors";

export type UserItem = EntityItem<typeof User>;

/** What GET /api/user, login, register, reset and token exchange answer. */
export interface UserView {
  id: string;
  username: string;
  email: string;
  fullName: string | null;
  roles: string[];
  timezone: string;
  points: number;
  notificationPreferences: NotificationPreferences;
  createdAt: string;
  /** When the welcome dialog was closed; null until then (shown once per account). */
  welcomeDismissedAt: string | null;
}

export function toUserView(user: UserItem): UserView {
  return {
    id: user.userId,
    username: user.username,
    email: user.email,
    fullName: user.fullName ?? null,
    roles: user.roles ?? [],
    timezone: user.timezone ?? "UTC",
    points: user.points ?? 0,
    notificationPreferences: completePreferences(user.notificationPreferences),
    createdAt: user.createdAt!,
    welcomeDismissedAt: user.welcomeDismissedAt ?? null,
  };
}

/** The user asking (docs/architecture.md#boundaries: core reads who is asking from the actor). */
export const currentUser = (): Promise<UserItem> => getUser(useUserId());

/** The user asking, or null for a visitor without a live session. */
export async function currentUserOrNull(): Promise<UserItem | null> {
  return useActor().type === "user" ? currentUser() : null;
}

export async function getUser(userId: string): Promise<UserItem> {
  const { data } = await db.entities.user.get({ userId }).go();
  if (!data) throw AppError.notFound("User not found.");
  return data;
}

/** The owner of a unique value (an e-mail, an identity id, a referral code), if claimed. */
export async function ownerOf(kind: UniqueKind, value: string): Promise<string | undefined> {
  const { data } = await db.entities.unique.get({ kind, value }).go();
  return data?.ownerId;
}

export async function findUserByEmail(email: string): Promise<UserItem | undefined> {
  const userId = await ownerOf("email", email);
  if (!userId) return undefined;
  const { data } = await db.entities.user.get({ userId }).go();
  return data ?? undefined;
}

/**
 * `POST /api/user/welcome-dismissed`: the welcome dialog was closed. The first
 * time is kept, so a second browser's close changes nothing.
 */
export async function dismissWelcome(): Promise<{ welcomeDismissedAt: string }> {
  const userId = useUserId();
  const now = new Date().toISOString();
  await db.entities.user
    .patch({ userId })
    .set({ welcomeDismissedAt: now })
    .where((a, { notExists }) => notExists(a.welcomeDismissedAt))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error; // closed before: the first time stays
    });
  const user = await getUser(userId);
  return { welcomeDismissedAt: user.welcomeDismissedAt ?? now };
}
