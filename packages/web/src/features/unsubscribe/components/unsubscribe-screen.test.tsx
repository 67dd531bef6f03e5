import { screen } from "@testing-library/react";
import { apiError, callsTo, json, mockFetch, renderApp } from "../../../test/render";

const anonymous = { "GET /api/user": () => json({ message: "Unauthorized" }, 401) };

describe("/unsubscribe", () => {
  it("needs both token and setting", async () => {
    const fetchMock = mockFetch(anonymous);
    renderApp("/unsubscribe?token=abc");
    expect(await screen.findByText("Unsubscribe Failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid unsubscribe link. Missing required parameters.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/");
    expect(callsTo(fetchMock, "POST /api/unsubscribe")).toHaveLength(0);
  });

  it("confirms with the setting's friendly name and the e-mail", async () => {
    const fetchMock = mockFetch({ ...anonymous, "POST /api/unsubscribe": () => ({ message: "ok", email: "jane@example.com" }) });
    renderApp("/unsubscribe?token=abc&setting=weeklyDigest");
    expect(await screen.findByText("Unsubscribed Successfully")).toBeInTheDocument();
    expect(screen.getByText("Weekly Digest")).toBeInTheDocument();
    expect(screen.getByText("jane@example.com")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/auth");
    expect(callsTo(fetchMock, "POST /api/unsubscribe")).toEqual([{ token: "abc", setting: "weeklyDigest" }]);
  });

  it("shows the server's message when the link is refused", async () => {
    mockFetch({ ...anonymous, "POST /api/unsubscribe": () => apiError(400, "This unsubscribe link has expired.") });
    renderApp("/unsubscribe?token=abc&setting=marketingEmails");
    expect(await screen.findByText("Unsubscribe Failed")).toBeInTheDocument();
    expect(screen.getByText("This unsubscribe link has expired.")).toBeInTheDocument();
  });
});
