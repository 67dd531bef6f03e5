import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { apiError, callsTo, json, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

const pronouns = {
  she: { subject: "she", object: "her", possessive: "her" },
  he: { subject: "he", object: "him", possessive: "his" },
};

const detail = (extra: Record<string, unknown> = {}) => ({
  id: "sp-1",
  userId: testUser.id,
  title: "Farmland",
  status: "ready",
  failureReason: null,
  originalFileName: "farmland.fdx",
  format: "fdx",
  pageCount: 4,
  estimatedCost: 400,
  renderCount: 0,
  uploadedAt: "2025-05-02T10:00:00.000Z",
  updatedAt: "2025-05-02T10:00:00.000Z",
  characterDictionary: {
    MARY: { description: "", isSpeaker: true, pronouns: pronouns.she, gender: "female" },
    TOM: { description: "", isSpeaker: true, pronouns: pronouns.he, gender: "male" },
    "OLD FARMER": { description: "", isSpeaker: false, pronouns: pronouns.he, gender: "male" },
  },
  sceneDictionary: {},
  blocks: [],
  ...extra,
});

const renderRow = (id: string, status: string) => ({
  id,
  title: `Render ${id}`,
  style: "cinematic",
  status,
  completedAt: null,
  estimatedCompletionTime: null,
  createdAt: "2025-05-03T10:00:00.000Z",
});

function open(handlers: Record<string, Handler> = {}, path = "/screenplays/sp-1") {
  const fetchMock = mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/screenplays/sp-1": () => detail(),
    "GET /api/screenplays/sp-1/renders": () => [],
    "GET /api/screenplays": () => [],
    "GET /api/renders": () => [],
    "GET /api/user/referral-code": () => ({ referralCode: "X" }),
    ...handlers,
  });
  localStorage.setItem("welcomeDismissedAt", "x");
  return { user: userEvent.setup(), fetchMock, ...renderApp(path) };
}

const characterList = () => screen.findByRole("list", { name: "Characters" });
const characterRow = async (name: string) => within(await characterList()).getByText(name).closest("li") as HTMLElement;

describe("screenplay detail", () => {
  it("shows title, page count, estimated cost, the file link and Create New Render", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Farmland" })).toBeInTheDocument();
    expect(screen.getByText("Pages").nextElementSibling).toHaveTextContent("4");
    expect(screen.getByText("Estimated cost").nextElementSibling).toHaveTextContent("400 points");
    const file = screen.getByRole("link", { name: /view file/i });
    expect(file).toHaveAttribute("href", "/api/screenplays/sp-1/file");
    expect(file).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("link", { name: "Create New Render" })).toHaveAttribute("href", "/prep-render/sp-1");
  });

  it("lists its renders with coloured status badges, each linking to the render", async () => {
    open({
      "GET /api/screenplays/sp-1": () => detail({ renderCount: 3 }),
      "GET /api/screenplays/sp-1/renders": () => [renderRow("a", "queued"), renderRow("b", "complete"), renderRow("c", "failed")],
    });
    const list = await screen.findByRole("list", { name: "Renders" });
    const links = within(list).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/renders/a", "/renders/b", "/renders/c"]);
    expect(within(links[0]).getByText("Queued")).toHaveClass("bg-yellow-100");
    expect(within(links[1]).getByText("Complete")).toHaveClass("bg-green-100");
    expect(within(links[2]).getByText("Failed")).toHaveClass("bg-red-100");
    expect(links[0]).toHaveTextContent("Cinematic Realism");
  });

  it("offers removal only on characters without dialogue", async () => {
    open();
    const farmer = await characterRow("OLD FARMER");
    expect(within(farmer).getByText("Non-speaking")).toBeInTheDocument();
    expect(within(farmer).getByText("he/him/his")).toBeInTheDocument();
    expect(within(farmer).getByRole("button", { name: "Remove OLD FARMER" })).toBeEnabled();
    for (const speaker of ["MARY", "TOM"]) {
      const row = await characterRow(speaker);
      expect(within(row).getByText("Speaking")).toBeInTheDocument();
      expect(within(row).queryByRole("button")).not.toBeInTheDocument();
    }
    expect(within(await characterRow("MARY")).getByText("she/her/her")).toBeInTheDocument();
  });

  it("removes a non-speaking character and refreshes the list", async () => {
    let removed = false;
    const { user, fetchMock } = open({
      "GET /api/screenplays/sp-1": () => {
        const d = detail();
        if (removed) delete (d.characterDictionary as Record<string, unknown>)["OLD FARMER"];
        return d;
      },
      "DELETE /api/screenplays/sp-1/characters/OLD%20FARMER": () => {
        removed = true;
        return { removed: "OLD FARMER" };
      },
    });
    await user.click(within(await characterRow("OLD FARMER")).getByRole("button", { name: "Remove OLD FARMER" }));
    expect(await screen.findByText("Character removed")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Characters" })).queryByText("OLD FARMER")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "DELETE /api/screenplays/sp-1/characters/OLD%20FARMER")).toHaveLength(1);
  });

  it("says 'Failed to remove character' with the server's message", async () => {
    const { user } = open({
      "DELETE /api/screenplays/sp-1/characters/OLD%20FARMER": () => apiError(409, "Only characters without dialogue can be removed.", "conflict"),
    });
    await user.click(within(await characterRow("OLD FARMER")).getByRole("button", { name: "Remove OLD FARMER" }));
    expect(await screen.findByText("Failed to remove character")).toBeInTheDocument();
    expect(screen.getByText("Only characters without dialogue can be removed.")).toBeInTheDocument();
  });

  it("adds a character: blank names are refused, success toasts and refreshes", async () => {
    let added = false;
    const { user, fetchMock } = open({
      "GET /api/screenplays/sp-1": () => {
        const d = detail();
        if (added) Object.assign(d.characterDictionary, { "THE DOG": { description: "", isSpeaker: false, pronouns: pronouns.he, gender: "male" } });
        return d;
      },
      "POST /api/screenplays/sp-1/characters": () => {
        added = true;
        return { name: "THE DOG" };
      },
    });
    const input = await screen.findByRole("textbox", { name: "Add a character" });
    await user.type(input, "   ");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Please enter a character name.")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/screenplays/sp-1/characters")).toHaveLength(0);

    await user.clear(input);
    await user.type(input, "  the dog ");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Character added")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/screenplays/sp-1/characters")).toEqual([{ characterName: "the dog" }]);
    expect(await within(await characterList()).findByText("THE DOG")).toBeInTheDocument();
    expect(input).toHaveValue("");
  });

  it("says 'Failed to add character' with the server's message", async () => {
    const { user } = open({
      "POST /api/screenplays/sp-1/characters": () => apiError(409, "MARY is already a character of this screenplay.", "conflict"),
    });
    await user.type(await screen.findByRole("textbox", { name: "Add a character" }), "Mary");
    await user.click(screen.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Failed to add character")).toBeInTheDocument();
    expect(screen.getByText("MARY is already a character of this screenplay.")).toBeInTheDocument();
  });
});

describe("deleting a screenplay", () => {
  it("is hidden when the screenplay has renders", async () => {
    open({
      "GET /api/screenplays/sp-1": () => detail({ renderCount: 1 }),
      "GET /api/screenplays/sp-1/renders": () => [renderRow("a", "complete")],
    });
    await screen.findByRole("list", { name: "Renders" });
    expect(screen.queryByRole("button", { name: "Delete Screenplay" })).not.toBeInTheDocument();
  });

  it("is hidden from anyone but the owner", async () => {
    open({ "GET /api/screenplays/sp-1": () => detail({ userId: "someone-else" }) });
    await screen.findByText("No renders yet");
    expect(screen.queryByRole("button", { name: "Delete Screenplay" })).not.toBeInTheDocument();
  });

  it("asks first, then deletes and goes to the dashboard", async () => {
    const { user, fetchMock, router } = open({ "DELETE /api/screenplays/sp-1": () => ({ deleted: "sp-1" }) });
    await screen.findByText("No renders yet");
    await user.click(screen.getByRole("button", { name: "Delete Screenplay" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this screenplay?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetchMock, "DELETE /api/screenplays/sp-1")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Screenplay" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo(fetchMock, "DELETE /api/screenplays/sp-1")).toHaveLength(1);
    expect(await screen.findByText("Success")).toBeInTheDocument();
  });

  it("says 'Failed to delete screenplay' and stays when the server refuses", async () => {
    const { user, router } = open({
      "DELETE /api/screenplays/sp-1": () => apiError(409, "A screenplay with renders cannot be deleted.", "conflict"),
    });
    await screen.findByText("No renders yet");
    await user.click(screen.getByRole("button", { name: "Delete Screenplay" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete screenplay")).toBeInTheDocument();
    expect(screen.getByText("A screenplay with renders cannot be deleted.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/screenplays/sp-1");
  });
});

describe("screenplay detail states", () => {
  it("shows a not-found state with a way back to the dashboard on 404", async () => {
    open({ "GET /api/screenplays/sp-1": () => json({ message: "Screenplay not found.", code: "not_found" }, 404) });
    expect(await screen.findByText("Screenplay not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  });

  it("shows the failure reason and keeps Create New Render disabled when parsing failed", async () => {
    open({ "GET /api/screenplays/sp-1": () => detail({ status: "failed", failureReason: "The file has no screenplay paragraphs.", pageCount: null, estimatedCost: null, characterDictionary: {} }) });
    expect(await screen.findByText("The file has no screenplay paragraphs.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Render" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: "Create New Render" })).not.toBeInTheDocument();
  });

  it("polls every 2 s while parsing, then enables Create New Render", async () => {
    let calls = 0;
    const { fetchMock } = open({
      "GET /api/screenplays/sp-1": () => {
        calls += 1;
        return calls < 2
          ? detail({ status: "parsing", pageCount: null, estimatedCost: null, characterDictionary: {} })
          : detail();
      },
    });
    expect(await screen.findByText("Processing your screenplay...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create New Render" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "Add a character" })).toBeDisabled();
    expect(await screen.findByRole("link", { name: "Create New Render" }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText("Processing your screenplay...")).not.toBeInTheDocument();
    expect(callsTo(fetchMock, "GET /api/screenplays/sp-1")).toHaveLength(2);
  });
});
