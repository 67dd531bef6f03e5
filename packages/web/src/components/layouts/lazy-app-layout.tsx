import { lazy, Suspense, type ComponentProps } from "react";
import { PageSpinner } from "../ui/spinner";

const loadAppLayout = () => import("./app-layout");
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));

/** Fetches the signed-in shell's code ahead, alongside the session, for a signed-in route's first load. */
export const preloadAppLayout = () => loadAppLayout();

/** The signed-in shell (side navigation, phone drawer), loaded only once someone is signed in. */
export function LazyAppLayout(props: ComponentProps<typeof AppLayout>) {
  return (
    <Suspense fallback={<PageSpinner label="Loading" />}>
      <AppLayout {...props} />
    </Suspense>
  );
}
