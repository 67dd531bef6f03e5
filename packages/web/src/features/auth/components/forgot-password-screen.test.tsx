import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, json, mockFetch, renderApp, testUser } from "../../../test/render";

const anonymous = {
  "GET /api/user": () => json({ message: "Unauthorized" }, 401),
  "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH: null }),
};

async function submitForm(password = "newpass1", confirm = password) {
  await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
  await userEvent.type(screen.getByLabelText("New password"), password);
  await userEvent.type(screen.getByLabelText("Confirm new password"), confirm);
  await userEvent.click(screen.getByRole("button", { name: "Send reset code" }));
}

describe("/forgot-password", () => {
  it("validates like registration and links back to login", async () => {
    const fetchMock = mockFetch(anonymous);
    renderApp("/forgot-password");
    expect(await screen.findByRole("link", { name: /Back to login/ })).toHaveAttribute("href", "/auth");
    await userEvent.click(screen.getByRole("button", { name: "Send reset code" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getAllByText("Password must be at least 6 characters").length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("New password"), "newpass1");
    await userEvent.type(screen.getByLabelText("Confirm new password"), "newpass2");
    await userEvent.click(screen.getByRole("button", { name: "Send reset code" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/auth/send-password-reset")).toHaveLength(0);
  });

  it("sends the reset code, then resets with the code, signs in and goes to /dashboard", async () => {
    localStorage.setItem("welcomeDismissedAt", "x");
    const fetchMock = mockFetch({
      ...anonymous,
      "POST /api/auth/send-password-reset": () => ({}),
      "POST /api/auth/reset-password": () => testUser,
    });
    const { router } = renderApp("/forgot-password");
    await submitForm();
    const input = await screen.findByLabelText("Confirmation code");
    await waitFor(() => expect(callsTo(fetchMock, "POST /api/auth/send-password-reset")).toEqual([{ email: "jane@example.com" }]));
    expect(callsTo(fetchMock, "POST /api/auth/send-confirmation")).toHaveLength(0);
    await userEvent.type(input, "135790");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByText("Password reset successful")).toBeInTheDocument();
    expect(screen.getByText("Your password has been updated and you are now logged in.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/auth/reset-password")).toEqual([
      { email: "jane@example.com", password: "newpass1", confirmationCode: "135790" },
    ]);
  });

  it("shows 'Error' with the server's message when the send or the reset fails", async () => {
    mockFetch({
      ...anonymous,
      "POST /api/auth/send-password-reset": () => apiError(429, "Too many codes requested. Try again in 5 minutes.", "too_many_requests"),
      "POST /api/auth/reset-password": () => new Response("", { status: 500 }),
    });
    renderApp("/forgot-password");
    await submitForm();
    expect(await screen.findByText("Too many codes requested. Try again in 5 minutes.")).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText("Confirmation code"), "135790");
    await userEvent.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText("Failed to reset password")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
