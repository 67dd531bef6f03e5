import { lazy, Suspense, type ComponentProps } from "react";
import { PageSpinner } from "../ui/spinner";

const AppLayout = lazy(async () => ({ default: (await import("./app-layout")).AppLayout }));

/** The signed-in shell (side navigation, phone drawer), loaded only once someone is signed in. */
export function LazyAppLayout(props: ComponentProps<typeof AppLayout>) {
  return (
    <Suspense fallback={<PageSpinner label="Loading" />}>
      <AppLayout {...props} />
    </Suspense>
  );
}
