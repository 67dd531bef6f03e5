import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { ThemeProvider } from "../components/theme-provider";

// The toast store (use-toast) is plain state; only its view needs Radix, so the view loads after the first paint.
const Toaster = lazy(async () => ({ default: (await import("../components/ui/toaster")).Toaster }));

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
