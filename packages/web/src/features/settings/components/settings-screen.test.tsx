import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser } from "../../../test/render";

const settings = {
  email: "jane@example.com",
  fullName: "Jane Writer",
  timezone: "UTC",
  notificationPreferences: testUser.notificationPreferences,
};

function setup(put: () => unknown = () => ({})) {
  return mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/user/settings": () => settings,
    "PUT /api/user/settings": put,
  });
}

describe("settings", () => {
  it("enables Save only when the account form changed, and saves the three fields", async () => {
    const fetchMock = setup();
    renderApp("/settings");
    const save = await screen.findByRole("button", { name: "Save changes" });
    expect(save).toBeDisabled();
    const name = screen.getByLabelText("Full name");
    await userEvent.type(name, "!");
    expect(save).toBeEnabled();
    await userEvent.type(name, "{Backspace}");
    expect(save).toBeDisabled();

    await userEvent.click(screen.getByRole("combobox", { name: "Timezone" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "UTC",
      "Pacific",
      "Mountain",
      "Central",
      "Eastern (US)",
      "London",
      "Paris",
      "Tokyo",
    ]);
    await userEvent.click(screen.getByRole("option", { name: "Paris" }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText("Account updated")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/user/settings")).toEqual([
      { email: "jane@example.com", fullName: "Jane Writer", timezone: "Europe/Paris" },
    ]);
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("shows 'Failed to update account' with the server's message", async () => {
    setup(() => apiError(409, "That e-mail is already in use.", "conflict"));
    renderApp("/settings");
    await userEvent.type(await screen.findByLabelText("Full name"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Failed to update account")).toBeInTheDocument();
    expect(screen.getByText("That e-mail is already in use.")).toBeInTheDocument();
  });

  it("validates the password change and sends only current and new password", async () => {
    const fetchMock = setup();
    renderApp("/settings");
    const update = await screen.findByRole("button", { name: "Update password" });
    await userEvent.click(update);
    expect(await screen.findByText("Current password is required")).toBeInTheDocument();
    expect(screen.getAllByText("Password must be at least 6 characters")).toHaveLength(2);

    await userEvent.type(screen.getByLabelText("Current password"), "oldpass1");
    await userEvent.type(screen.getByLabelText("New password"), "newpass1");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "newpass2");
    await userEvent.click(update);
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/user/settings")).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText("Confirm new password"));
    await userEvent.type(screen.getByLabelText("Confirm new password"), "newpass1");
    await userEvent.click(update);
    expect(await screen.findByText("Password updated")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/user/settings")).toEqual([{ currentPassword: "oldpass1", newPassword: "newpass1" }]);
  });

  it("saves notification switches, and reports failures with the spec's title", async () => {
    let fail = false;
    const fetchMock = setup(() => (fail ? apiError(500, "Database unavailable", "internal") : {}));
    renderApp("/settings");
    const save = await screen.findByRole("button", { name: "Save preferences" });
    expect(save).toBeDisabled();
    for (const label of [
      "Render started",
      "Render complete",
      "Render failed",
      "All render e-mails",
      "Payments",
      "Email notifications",
      "Weekly digest",
      "Product news and offers",
    ]) {
      expect(screen.getByRole("switch", { name: label })).toBeChecked();
    }
    await userEvent.click(screen.getByRole("switch", { name: "Weekly digest" }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText("Notification preferences saved")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/user/settings")).toEqual([
      { notificationPreferences: { ...testUser.notificationPreferences, weeklyDigest: false } },
    ]);

    fail = true;
    await userEvent.click(screen.getByRole("switch", { name: "Product news and offers" }));
    await userEvent.click(save);
    expect(await screen.findByText("Failed to update notification preferences")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
  });

  it("shows a render e-mail off while 'All render e-mails' is off, as the server reads it", async () => {
    const stored = { ...testUser.notificationPreferences, renderNotifications: false };
    const fetchMock = mockFetch({
      "GET /api/user": () => testUser,
      "GET /api/user/settings": () => ({ ...settings, notificationPreferences: stored }),
      "PUT /api/user/settings": () => ({}),
    });
    renderApp("/settings");
    const complete = await screen.findByRole("switch", { name: "Render complete" });
    expect(complete).not.toBeChecked();
    expect(complete).toBeDisabled();
    expect(screen.getAllByText("Off while 'All render e-mails' is off.")).toHaveLength(3);
    expect(screen.getByRole("switch", { name: "Payments" })).toBeChecked();
    await userEvent.click(screen.getByRole("switch", { name: "All render e-mails" }));
    expect(complete).toBeChecked();
    expect(complete).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    await waitFor(() => expect(callsTo(fetchMock, "PUT /api/user/settings")).toEqual([{ notificationPreferences: testUser.notificationPreferences }]));
  });
});
