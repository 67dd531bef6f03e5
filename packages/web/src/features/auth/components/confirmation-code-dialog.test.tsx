import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { apiError, callsTo, mockFetch, renderApp, testUser } from "../../../test/render";
import { ConfirmationCodeDialog } from "./confirmation-code-dialog";
import { json } from "../../../test/render";

function Harness({ sendCode, onSubmitCode }: { sendCode: () => Promise<unknown>; onSubmitCode: (code: string) => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>open dialog</button>
      <ConfirmationCodeDialog open={open} onOpenChange={setOpen} email="jane@example.com" sendCode={sendCode} onSubmitCode={onSubmitCode} />
    </>
  );
}

describe("confirmation-code dialog", () => {
  it("sends a code each time it opens and starts with an empty input", async () => {
    const sendCode = vi.fn(async () => undefined);
    render(<Harness sendCode={sendCode} onSubmitCode={async () => undefined} />);
    expect(sendCode).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "open dialog" }));
    const input = await screen.findByLabelText("Confirmation code");
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(1));
    expect(screen.getByText(/expires in 4 minutes/)).toBeInTheDocument();
    expect(screen.getByText("jane@example.com")).toBeInTheDocument();

    await userEvent.type(input, "12ab34");
    expect(input).toHaveValue("1234");
    await userEvent.type(input, "5678");
    expect(input).toHaveValue("123456");

    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "open dialog" }));
    expect(await screen.findByLabelText("Confirmation code")).toHaveValue("");
    await waitFor(() => expect(sendCode).toHaveBeenCalledTimes(2));
  });

  it("is not dismissed by a click outside", async () => {
    render(<Harness sendCode={async () => undefined} onSubmitCode={async () => undefined} />);
    await userEvent.click(screen.getByRole("button", { name: "open dialog" }));
    const dialog = await screen.findByRole("dialog");
    const overlay = document.querySelector("[data-state='open'].fixed.inset-0") as HTMLElement;
    expect(overlay).not.toBeNull();
    // Radix makes the page behind a modal inert (pointer-events: none); click it anyway.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(overlay);
    await user.click(screen.getByRole("button", { name: "open dialog", hidden: true }));
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("refuses a short code with 'Please enter a 6-digit confirmation code.' and stays open when the code is rejected", async () => {
    const onSubmitCode = vi.fn(async () => {
      throw new Error("rejected");
    });
    render(<Harness sendCode={async () => undefined} onSubmitCode={onSubmitCode} />);
    await userEvent.click(screen.getByRole("button", { name: "open dialog" }));
    const input = await screen.findByLabelText("Confirmation code");
    await userEvent.type(input, "123");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a 6-digit confirmation code.");
    expect(onSubmitCode).not.toHaveBeenCalled();

    await userEvent.type(input, "456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(onSubmitCode).toHaveBeenCalledWith("123456"));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});

const anonymous = {
  "GET /api/user": () => json({ message: "Unauthorized" }, 401),
  "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH: null }),
};

async function fillRegistration() {
  await userEvent.type(await screen.findByLabelText(/Full name/), "Jane Writer");
  await userEvent.type(screen.getByLabelText("Email"), "jane@example.com");
  await userEvent.click(screen.getByRole("combobox", { name: "Timezone" }));
  await userEvent.click(await screen.findByRole("option", { name: "Japan Time" }));
  await userEvent.type(screen.getByLabelText("Password"), "secret123");
  await userEvent.type(screen.getByLabelText("Confirm password"), "secret123");
  await userEvent.click(screen.getByRole("checkbox", { name: /I agree to the/ }));
  await userEvent.click(screen.getByRole("button", { name: "Create account" }));
}

describe("registration with the code", () => {
  it("sends the code, registers with the code and stored referral, then goes to /dashboard", async () => {
    localStorage.setItem("referral", "FRIEND42");
    localStorage.setItem("welcomeDismissedAt", "x");
    const fetchMock = mockFetch({
      ...anonymous,
      "POST /api/auth/send-confirmation": () => ({ message: "sent" }),
      "POST /api/register": () => testUser,
    });
    const { router } = renderApp("/auth#register");
    await fillRegistration();

    const input = await screen.findByLabelText("Confirmation code");
    expect(await screen.findByText("Confirmation code sent")).toBeInTheDocument();
    expect(screen.getByText("Check your email for the confirmation code.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/auth/send-confirmation")).toEqual([{ email: "jane@example.com" }]);

    await userEvent.type(input, "424242");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByText("Registration successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome to Storyboard, Jane Writer!")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/register")).toEqual([
      {
        email: "jane@example.com",
        fullName: "Jane Writer",
        timezone: "Asia/Tokyo",
        password: "secret123",
        confirmPassword: "secret123",
        agreeToTerms: true,
        confirmationCode: "424242",
        referralCode: "FRIEND42",
      },
    ]);
    expect(localStorage.getItem("referral")).toBeNull();
  });

  it("keeps the dialog open on a wrong code ('Invalid code') and on other failures ('Registration failed')", async () => {
    let answer = () => apiError(400, "The confirmation code is invalid or expired. Please try again.");
    mockFetch({
      ...anonymous,
      "POST /api/auth/send-confirmation": () => ({}),
      "POST /api/register": () => answer(),
    });
    const { router } = renderApp("/auth#register");
    await fillRegistration();
    const input = await screen.findByLabelText("Confirmation code");
    await userEvent.type(input, "000000");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Invalid code")).toBeInTheDocument();
    expect(screen.getByText("The confirmation code is invalid or expired. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    answer = () => apiError(409, "An account with this e-mail already exists.", "conflict");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("An account with this e-mail already exists.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("shows the send failure toast when the code cannot be sent", async () => {
    mockFetch({ ...anonymous, "POST /api/auth/send-confirmation": () => apiError(429, "Too many codes requested.", "too_many_requests") });
    renderApp("/auth#register");
    await fillRegistration();
    expect(await screen.findByText("Failed to send confirmation code. Please try again.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
  });
});
