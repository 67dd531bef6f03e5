import { Link } from "react-router-dom";
import { APP_NAME } from "../../config/env";
import { Logo } from "./logo";

const LINKS = [
  { label: "Showcase", to: "/showcase" },
  { label: "FAQ", to: "/faq" },
  { label: "Terms", to: "/terms" },
  { label: "Privacy", to: "/privacy" },
  { label: "Copyright", to: "/copyright" },
];

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-muted-foreground">Narrated video storyboards from your screenplay.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {/* A page prerendered last year shows this year once it hydrates. */}
          <span suppressHydrationWarning>© {new Date().getFullYear()}</span> {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
