import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

function open(handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({ "GET /api/user": () => ({ ...testUser, roles: ["admin"] }), ...handlers });
  return { user: userEvent.setup(), fetchMock, ...renderApp("/admin/fixes") };
}

const input = () => screen.findByLabelText("Render job ID");
const button = () => screen.getByRole("button", { name: /Retry Failed Audio|Processing/ });

describe("admin fixes: retry failed audio", () => {
  it("is disabled while the ID is blank after trimming", async () => {
    const { user } = open();
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Fixes" })).toBeInTheDocument();
    expect(button()).toBeDisabled();
    await user.type(await input(), "   ");
    expect(button()).toBeDisabled();
    await user.type(await input(), "r-1");
    expect(button()).toBeEnabled();
  });

  it("refuses a blank ID with 'Please enter a render job ID' even if the form is submitted", async () => {
    const { fetchMock } = open();
    fireEvent.submit((await input()).closest("form") as HTMLFormElement);
    expect(await screen.findByText("Please enter a render job ID")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/admin/retry-failed-audio")).toHaveLength(0);
  });

  it("sends the trimmed ID, shows 'Processing...' while busy and confirms", async () => {
    let release!: () => void;
    const { user, fetchMock } = open({
      "POST /api/admin/retry-failed-audio": () => new Promise((resolve) => (release = () => resolve({ message: "Retrying 2 blocks." }))),
    });
    await user.type(await input(), "  r-1  ");
    await user.click(button());
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    release();
    expect(await screen.findByText("Failed audio retry process initiated")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/admin/retry-failed-audio")).toEqual([{ renderJobId: "r-1" }]);
    await waitFor(() => expect(button()).toHaveTextContent("Retry Failed Audio"));
  });

  it("shows the server's message, or 'Failed to process request' without one", async () => {
    let answer = apiError(409, "This render has no failed audio.", "conflict");
    const { user } = open({ "POST /api/admin/retry-failed-audio": () => answer });
    await user.type(await input(), "r-1");
    await user.click(button());
    expect(await screen.findByText("This render has no failed audio.")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    answer = new Response("", { status: 500 });
    await user.click(button());
    expect(await screen.findByText("Failed to process request")).toBeInTheDocument();
  });

  it("says 'An unexpected error occurred' when the network fails", async () => {
    const { user } = open({
      "POST /api/admin/retry-failed-audio": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await user.type(await input(), "r-1");
    await user.click(button());
    expect(await screen.findByText("An unexpected error occurred")).toBeInTheDocument();
  });
});
