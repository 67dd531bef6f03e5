import { LayoutDashboard } from "lucide-react";
import { Link } from "react-router-dom";
import type { User } from "../../lib/user";
import { Button } from "../ui/button";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "../ui/tooltip";
import { UserMenu } from "./user-menu";

/**
 * The header's signed-in end: the dashboard link and the avatar menu. Loaded
 * on demand by SiteHeader, so signed-out pages never download the tooltip and
 * menu primitives.
 */
export function SignedInActions({ user }: { user: User }) {
  return (
    <TooltipProvider>
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
    </TooltipProvider>
  );
}
