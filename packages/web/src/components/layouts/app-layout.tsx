import { useEffect, useState, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router-dom";
import type { User } from "../../lib/user";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "../ui/sheet";
import { Logo } from "./logo";
import { SideNav } from "./side-nav";
import { SiteHeader } from "./site-header";

/**
 * Signed-in pages: header, side navigation (a drawer on small screens) and the
 * screen. `user` is null while the session loads (app/guards.tsx).
 */
export function AppLayout({ user, children }: { user: User | null; children?: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setNavOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader onOpenNav={() => setNavOpen(true)} signedIn />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-60 shrink-0 border-r px-3 py-6 md:block">
          <SideNav user={user} />
        </aside>
        <Sheet open={navOpen} onOpenChange={setNavOpen}>
          <SheetContent aria-describedby={undefined}>
            <SheetTitle className="sr-only">Navigation</SheetTitle>
            <SheetDescription className="sr-only">Pages of your account</SheetDescription>
            <Logo className="mb-2" />
            <SideNav user={user} onNavigate={() => setNavOpen(false)} />
          </SheetContent>
        </Sheet>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}
