import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser } from "../../../test/render";

const settings = {
  email: "jane@example.com",
  fullName: "Jane Writer",
  timezone: "UTC",
  notificationPreferences: testUser.notificationPreferences,
};

function setup(routes: Record<string, (body?: unknown) => unknown> = {}) {
  return mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/user/settings": () => settings,
    "PUT /api/user/settings": () => settings,
    "POST /api/user/email-change/code": () => ({ message: "sent", email: "new@example.com" }),
    "POST /api/user/email-change": () => ({ message: "done", email: "new@example.com" }),
    ...routes,
  });
}

async function askForNewEmail() {
  renderApp("/settings");
  const email = await screen.findByLabelText("Email");
  await userEvent.clear(email);
  await userEvent.type(email, "new@example.com");
  await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
  return screen.findByRole("dialog", { name: "Confirm your new e-mail" });
}

describe("e-mail change dialog", () => {
  it("asks for the current password, sends a code to the new address, then confirms with the code", async () => {
    const fetchMock = setup();
    const dialog = await askForNewEmail();
    expect(within(dialog).getByText("Enter your current password and we'll send a 6-digit code to new@example.com.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "PUT /api/user/settings")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Current password is required");
    await userEvent.type(within(dialog).getByLabelText("Current password"), "secret-pass-1{Enter}");
    expect(
      await within(dialog).findByText("Enter the 6-digit code we sent to new@example.com. It expires in a few minutes."),
    ).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/user/email-change/code")).toEqual([
      { email: "new@example.com", currentPassword: "secret-pass-1" },
    ]);

    const code = within(dialog).getByLabelText("Confirmation code");
    await userEvent.type(code, "12a3456");
    expect(code).toHaveValue("123456");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("E-mail changed")).toBeInTheDocument();
    expect(screen.getByText("Sign in with new@example.com from now on. Your other sessions were signed out.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/user/email-change")).toEqual([{ email: "new@example.com", confirmationCode: "123456" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's answer for a wrong password or code and stays open", async () => {
    setup({
      "POST /api/user/email-change/code": () => apiError(400, "Current password is incorrect.", "bad_request"),
    });
    const dialog = await askForNewEmail();
    await userEvent.type(within(dialog).getByLabelText("Current password"), "wrong-one{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Current password is incorrect.");
    expect(within(dialog).getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  it("Cancel (or Escape) keeps the old address in the form", async () => {
    setup();
    const dialog = await askForNewEmail();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByLabelText("Email")).toHaveValue("jane@example.com");
    await askForNewEmailAgain();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByLabelText("Email")).toHaveValue("jane@example.com");
  });
});

async function askForNewEmailAgain() {
  const email = screen.getByLabelText("Email");
  await userEvent.clear(email);
  await userEvent.type(email, "other@example.com");
  await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
  await screen.findByRole("dialog", { name: "Confirm your new e-mail" });
}
