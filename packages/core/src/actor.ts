import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "./error";

/**
 * Who is asking. Set once per request by the handler wrapper (`withActor`),
 * read by core with `useUserId()` / `hasRole()`: request-facing core operations
 * never take the asking user's id as an argument, and handlers never read it.
 */
export type Actor =
  | { type: "public" }
  | { type: "user"; userId: string; roles: string[]; sessionId: string }
  | { type: "system"; reason: string };

const storage = new AsyncLocalStorage<Actor>();

export const withActor = <T>(actor: Actor, fn: () => T): T => storage.run(actor, fn);

export const useActor = (): Actor => storage.getStore() ?? { type: "public" };

/** The signed-in user's id, or a 401. */
export const useUserId = (): string => {
  const actor = useActor();
  if (actor.type !== "user") throw AppError.unauthorized();
  return actor.userId;
};

/** The session the signed-in user is asking from (to keep it when ending the others), or a 401. */
export const useSessionId = (): string => {
  const actor = useActor();
  if (actor.type !== "user") throw AppError.unauthorized();
  return actor.sessionId;
};

export const hasRole = (role: string): boolean => {
  const actor = useActor();
  return actor.type === "user" && actor.roles.includes(role);
};

export const assertAdmin = (): void => {
  useUserId();
  if (!hasRole("admin")) throw AppError.forbidden("This action needs the admin role.");
};
