import { styleName } from "@storyboard/core/catalog/styles";
import { format } from "date-fns";
import { Link } from "react-router-dom";
import { RenderStatusBadge } from "./render-status-badge";

export interface RenderRowItem {
  id: string;
  title: string;
  style: string;
  status: string;
  createdAt?: string | null;
}

const createdOn = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, "MMM d, yyyy") : "";
};

/** One render in a list: title, style and date, status badge; opens the render. `mobileTitle` replaces the title on phones. */
export function RenderRow({ render, mobileTitle }: { render: RenderRowItem; mobileTitle?: string }) {
  return (
    <li>
      <Link
        to={`/renders/${render.id}`}
        className="flex flex-col items-start gap-2 p-3 outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
      >
        <div className="w-full min-w-0 sm:w-auto">
          <p className="font-medium break-words sm:truncate" title={render.title}>
            {mobileTitle ? (
              <>
                <span className="sm:hidden">{mobileTitle}</span>
                <span className="hidden sm:inline">{render.title}</span>
              </>
            ) : (
              render.title
            )}
          </p>
          <p className="text-xs text-muted-foreground">{[styleName(render.style), createdOn(render.createdAt)].filter(Boolean).join(" · ")}</p>
        </div>
        <RenderStatusBadge status={render.status} className="shrink-0" />
      </Link>
    </li>
  );
}
