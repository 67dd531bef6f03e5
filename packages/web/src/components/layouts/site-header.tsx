import { Menu, SunMoon } from "lucide-react";
import { lazy, Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-preload";
import { Link, NavLink } from "react-router-dom";
import { useUser } from "../../lib/user";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";
import { Logo } from "./logo";
import { REGISTER_PATH, SIGN_IN_PATH } from "../../config/paths";

// Menus and tooltips load with the header's first paint done: their Radix primitives stay out of the first load.
const ModeToggle = lazyWithPreload(() => import("../mode-toggle"), "ModeToggle");

/** The header's theme menu, loaded ahead so a prerendered header hydrates in one pass (docs/decisions.md#web-performance). */
export const preloadHeaderControls = () => ModeToggle.preload();
const SignedInActions = lazy(async () => ({ default: (await import("./signed-in-actions")).SignedInActions }));

/** Holds the theme button's place until its menu has loaded, so nothing shifts. */
const ModeTogglePlaceholder = () => (
  <Button variant="ghost" size="icon" disabled aria-label="Change theme">
    <SunMoon className="size-5" />
  </Button>
);

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-2 py-2 text-sm sm:px-3 font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
    isActive && "text-foreground",
  );

/**
 * The shared top header (docs/product.md#web "Top navigation header"). In the
 * signed-in layout (`signedIn`) the account menu's place stays empty while the
 * session loads, rather than offering Login.
 */
export function SiteHeader({ onOpenNav, signedIn = false }: { onOpenNav?: () => void; signedIn?: boolean }) {
  const { data: user } = useUser();
  const accountPlaceholder = <div className="size-9" aria-hidden />;
  return (
    <header className="sticky top-0 z-40 w-full border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        {onOpenNav && (
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open navigation" onClick={onOpenNav}>
            <Menu className="size-5" />
          </Button>
        )}
        <Logo className="mr-2" />
        <nav aria-label="Main" className="flex items-center">
          <NavLink to="/pricing" className={navLinkClass}>
            Pricing
          </NavLink>
          <NavLink to="/faq" className={navLinkClass}>
            FAQ
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <Suspense fallback={<ModeTogglePlaceholder />}>
            <ModeToggle />
          </Suspense>
          {user ? (
            <Suspense fallback={accountPlaceholder}>
              <SignedInActions user={user} />
            </Suspense>
          ) : signedIn ? (
            accountPlaceholder
          ) : (
            <>
              <Button asChild variant="ghost" className="hidden sm:inline-flex">
                <Link to={SIGN_IN_PATH}>Login</Link>
              </Button>
              <Button asChild>
                <Link to={REGISTER_PATH}>Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
