import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { WELCOME_STORAGE_KEY } from "../welcome-seen";
import { WelcomeDialog } from "./welcome-dialog";

describe("welcome dialog", () => {
  it("shows once when the user has points, and dismissing stores a timestamp", async () => {
    const first = render(<WelcomeDialog points={500} />);
    expect(await screen.findByRole("dialog")).toHaveTextContent("500 points");
    // Every format the upload takes, so a Fountain or Fade In writer is not turned away by the welcome.
    expect(screen.getByRole("dialog")).toHaveTextContent("Final Draft (.fdx), Fade In, Fountain or Open Screenplay Format (.xml)");
    await userEvent.click(screen.getByRole("button", { name: "Let's go" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(WELCOME_STORAGE_KEY).toBe("welcomeDismissedAt");
    const stored = localStorage.getItem(WELCOME_STORAGE_KEY);
    expect(stored && Number.isNaN(Date.parse(stored))).toBe(false);
    first.unmount();

    render(<WelcomeDialog points={500} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("stores the timestamp when closed with the close button too", async () => {
    render(<WelcomeDialog points={500} />);
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(localStorage.getItem(WELCOME_STORAGE_KEY)).not.toBeNull();
  });

  it("is not shown to an account that closed it in another browser, and tells the server when closed here", async () => {
    const gone = render(<WelcomeDialog points={500} dismissedAt="2026-11-20T10:00:00.000Z" />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    gone.unmount();
    const onDismiss = vi.fn();
    render(<WelcomeDialog points={500} dismissedAt={null} onDismiss={onDismiss} />);
    await userEvent.click(await screen.findByRole("button", { name: "Let's go" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("is not shown without points", () => {
    render(<WelcomeDialog points={0} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
