import {
  CircleHelp,
  Coins,
  CreditCard,
  LayoutDashboard,
  LogOut,
  PlayCircle,
  Receipt,
  Search,
  Settings,
  Wrench,
  type LucideIcon,
} from "lucide-react";
import { NavLink } from "react-router-dom";
import { useLogout } from "../../lib/logout";
import { hasRole, type User } from "../../lib/user";
import { cn } from "../../lib/utils";
import { Button } from "../ui/button";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

/** docs/product.md#web "Side navigation", in order; the role items follow. */
export function sideNavItems(user: Pick<User, "roles"> | null | undefined): NavItem[] {
  const items: NavItem[] = [
    { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
    { label: "Billing", to: "/billing", icon: Receipt },
    { label: "Points", to: "/points", icon: Coins },
    { label: "Manage Subscription", to: "/pricing", icon: CreditCard },
    { label: "Settings", to: "/settings", icon: Settings },
    { label: "Video Tutorial", to: "/tutorials", icon: PlayCircle },
    { label: "FAQ", to: "/faq", icon: CircleHelp },
  ];
  if (hasRole(user, "admin")) items.push({ label: "Admin Fixes", to: "/admin/fixes", icon: Wrench });
  if (hasRole(user, "features")) items.push({ label: "Browse Showcases", to: "/showcase/search", icon: Search });
  return items;
}

/** The list of links and the Sign out button; used in the sidebar and in the mobile drawer. */
export function SideNav({ user, onNavigate }: { user: User | null; onNavigate?: () => void }) {
  const logout = useLogout();
  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Account" className="flex flex-col gap-1">
        {sideNavItems(user).map(({ label, to, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
                isActive && "bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground",
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="mt-auto pt-4">
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 px-3 text-muted-foreground"
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          <LogOut className="size-4" aria-hidden />
          {logout.isPending ? "Signing out..." : "Sign out"}
        </Button>
      </div>
    </div>
  );
}
