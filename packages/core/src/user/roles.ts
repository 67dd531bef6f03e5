/**
 * Roles (docs/product.md#roles): `admin` and `features` are granted by an
 * operator with `storyboard grant|revoke EMAIL ROLE`, never through the API.
 * The server checks them on every request (actor.ts reads them from the user).
 */
import { normalizeEmail } from "../auth/email";
import { db } from "../dynamo/service";
import { AppError } from "../error";
import { findUserByEmail } from "./user";

export const GRANTABLE_ROLES = ["admin", "features"] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

export const isGrantableRole = (role: string): role is GrantableRole => (GRANTABLE_ROLES as readonly string[]).includes(role);

/** Adds or removes a role; answers the roles after the change and whether anything changed. */
export async function changeRole(email: string, role: string, grant: boolean) {
  if (!isGrantableRole(role)) throw AppError.badRequest(`Unknown role "${role}". Roles: ${GRANTABLE_ROLES.join(", ")}.`);
  const user = await findUserByEmail(normalizeEmail(email));
  if (!user) throw AppError.notFound(`No account has the e-mail ${email}.`);
  const before = user.roles ?? [];
  const roles = grant ? [...new Set([...before, role])] : before.filter((r) => r !== role);
  const changed = roles.length !== before.length;
  if (changed) {
    // Conditional on the roles read, so two operators at once cannot undo each other silently.
    await db.entities.user
      .patch({ userId: user.userId })
      .set({ roles })
      .where((attr, { eq }) => eq(attr.updatedAt, user.updatedAt))
      .go();
  }
  return { userId: user.userId, email: user.email, roles, changed };
}
