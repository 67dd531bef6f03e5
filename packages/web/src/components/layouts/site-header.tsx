import { LayoutDashboard, Menu } from "lucide-react";
import { Link, NavLink } from "react-router-dom";
import { useUser } from "../../lib/user";
import { cn } from "../../lib/utils";
import { ModeToggle } from "../mode-toggle";
import { Button } from "../ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "../ui/tooltip";
import { Logo } from "./logo";
import { UserMenu } from "./user-menu";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-2 py-2 text-sm sm:px-3 font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
    isActive && "text-foreground",
  );

/** The shared top header (docs/product.md#web "Top navigation header"). */
export function SiteHeader({ onOpenNav }: { onOpenNav?: () => void }) {
  const { data: user } = useUser();
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
          <ModeToggle />
          {user ? (
            <>
              <Tooltip>
                <TooltipTrigger asChild>
                  <Button asChild variant="ghost" size="icon">
                    <Link to="/dashboard" aria-label="Dashboard">
                      <LayoutDashboard className="size-5" />
                    </Link>
                  </Button>
                </TooltipTrigger>
                <TooltipContent>Dashboard</TooltipContent>
              </Tooltip>
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" className="hidden sm:inline-flex">
                <Link to="/auth">Login</Link>
              </Button>
              <Button asChild>
                <Link to="/auth">Get Started</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
