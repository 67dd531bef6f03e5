import { screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { render } from "@testing-library/react";
import { AppProvider } from "../../app/provider";
import { createQueryClient } from "../../lib/query-client";
import { mockFetch, testUser } from "../../test/render";
import { SideNav, sideNavItems } from "./side-nav";

function renderNav(roles: string[], path = "/billing") {
  mockFetch({});
  const router = createMemoryRouter([{ path: "*", element: <SideNav user={{ ...testUser, roles }} /> }], { initialEntries: [path] });
  render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return within(screen.getByRole("navigation", { name: "Account" }));
}

const BASE = [
  ["Dashboard", "/dashboard"],
  ["Billing", "/billing"],
  ["Points", "/points"],
  ["Manage Subscription", "/pricing"],
  ["Settings", "/settings"],
  ["Video Tutorial", "/tutorials"],
  ["FAQ", "/faq"],
];

describe("side navigation", () => {
  it("lists the spec's items in order for a plain user", () => {
    const nav = renderNav([]);
    const links = nav.getAllByRole("link").map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual(BASE);
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
  });

  it("adds Admin Fixes for role admin", () => {
    const nav = renderNav(["admin"]);
    expect(nav.getByRole("link", { name: "Admin Fixes" })).toHaveAttribute("href", "/admin/fixes");
    expect(nav.queryByRole("link", { name: "Browse Showcases" })).not.toBeInTheDocument();
  });

  it("adds Browse Showcases for role features", () => {
    const nav = renderNav(["features"]);
    expect(nav.getByRole("link", { name: "Browse Showcases" })).toHaveAttribute("href", "/showcase/search");
    expect(nav.queryByRole("link", { name: "Admin Fixes" })).not.toBeInTheDocument();
  });

  it("highlights the current item", () => {
    const nav = renderNav([], "/points");
    expect(nav.getByRole("link", { name: "Points" })).toHaveAttribute("aria-current", "page");
    expect(nav.getByRole("link", { name: "Billing" })).not.toHaveAttribute("aria-current");
  });

  it("computes both role items together", () => {
    expect(sideNavItems({ roles: ["admin", "features"] }).map((i) => i.label).slice(-2)).toEqual(["Admin Fixes", "Browse Showcases"]);
  });
});
