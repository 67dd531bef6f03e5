import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * True while this component is hydrating prerendered HTML, false otherwise. React reads the
 * server snapshot while hydrating, even for a Suspense boundary hydrated after the root has
 * committed, then re-renders with the client snapshot: data that arrived meanwhile (the
 * session, fetched as soon as the root commits) waits for that second render instead of
 * making the hydrating tree differ from the HTML.
 */
export function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}
