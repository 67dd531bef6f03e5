import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DraftDiff, DraftSummary } from "@storyboard/core/revision/schema";
import { callsTo, json, mockFetch, renderApp, testUser, type Handler } from "../../../test/render";

const draft = (version: number, current: boolean): DraftSummary => ({
  version,
  uploadedAt: `2025-05-0${version}T10:00:00.000Z`,
  pageCount: 3 + version,
  blockCount: 40,
  originalFileName: `farmland-v${version}.fountain`,
  format: "fountain",
  current,
  renderCount: version === 1 ? 1 : 0,
});

const DIFF: DraftDiff = {
  from: 1,
  to: 2,
  counts: { changed: 1, added: 1, removed: 0, moved: 0, unchanged: 2 },
  scenes: [
    { state: "unchanged", heading: "INT. BARN - DAY", fromNumber: 1, toNumber: 1, moved: false, blockCount: 4, blocks: [] },
    {
      state: "changed",
      heading: "EXT. FIELD - NIGHT",
      fromNumber: 2,
      toNumber: 2,
      moved: false,
      blockCount: 3,
      blocks: [
        { state: "unchanged", type: "scene_heading", text: "EXT. FIELD - NIGHT", fromId: "b5", toId: "b5" },
        {
          state: "changed",
          type: "dialogue",
          character: "MARY",
          fromId: "b6",
          toId: "b6",
          text: "The corn is high tonight.",
          words: [
            { text: "The corn is ", change: "same" },
            { text: "low", change: "removed" },
            { text: "high", change: "added" },
            { text: " tonight.", change: "same" },
          ],
        },
      ],
    },
    { state: "added", heading: "INT. KITCHEN - LATER", fromNumber: null, toNumber: 3, moved: false, blockCount: 2, blocks: [] },
    { state: "unchanged", heading: "EXT. ROAD - DAY", fromNumber: 3, toNumber: 4, moved: false, blockCount: 5, blocks: [] },
  ],
};

const detail = {
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
  uploadedAt: "2025-05-01T10:00:00.000Z",
  updatedAt: "2025-05-01T10:00:00.000Z",
  characterDictionary: {},
  sceneDictionary: {},
  blocks: [],
};

function open(path: string, handlers: Record<string, Handler> = {}) {
  const fetchMock = mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/screenplays/sp-1": () => detail,
    "GET /api/screenplays/sp-1/renders": () => [],
    "GET /api/screenplays/sp-1/versions": () => [draft(2, true), draft(1, false)],
    "GET /api/screenplays/sp-1/diff": () => DIFF,
    ...handlers,
  });
  localStorage.setItem("welcomeDismissedAt", "x");
  return { user: userEvent.setup(), fetchMock, ...renderApp(path) };
}

describe("what changed", () => {
  it("counts the scenes, lists the changes and marks changed lines with an asterisk and highlighted words", async () => {
    const { user, fetchMock } = open("/screenplays/sp-1/changes?from=1&to=2");
    expect(await screen.findByText("1 scene changed, 1 added, 2 unchanged")).toBeInTheDocument();
    const diffUrl = String(fetchMock.mock.calls.find(([input]) => String(input).includes("/diff"))?.[0]);
    expect(diffUrl).toContain("from=1&to=2");
    const scenes = screen.getByRole("list", { name: "Scenes" });
    expect(
      within(scenes)
        .getAllByRole("listitem")
        .map((li) => li.getAttribute("data-state")),
    ).toEqual(["changed", "added"]);
    const changedLine = scenes.querySelector('[data-state="changed"] [data-state="changed"]') as HTMLElement;
    expect(within(changedLine).getByLabelText("changed line")).toHaveTextContent("*");
    expect(changedLine.querySelector("mark")).toHaveTextContent("high");
    expect(changedLine.querySelector("del")).toHaveTextContent("low");
    const heading = scenes.querySelector('[data-state="unchanged"][class*="grid"]') as HTMLElement;
    expect(heading.textContent).not.toContain("*");

    await user.click(screen.getByRole("button", { name: "Show all 4 scenes" }));
    expect(within(scenes).getAllByRole("listitem")).toHaveLength(4);
  });

  it("says a screenplay that is not there (or another account's) is not found, and leads back to the dashboard", async () => {
    open("/screenplays/sp-9/changes", {
      "GET /api/screenplays/sp-9/versions": () => json({ message: "Screenplay not found" }, 404),
    });
    expect(await screen.findByText("Screenplay not found")).toBeInTheDocument();
    expect(screen.getByText("It may have been deleted, or it belongs to another account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.queryByRole("link", { name: "Screenplay" })).not.toBeInTheDocument();
  });
});

describe("drafts on the screenplay page", () => {
  it("lists the drafts, uploads a revised draft and matches a renamed character in one step", async () => {
    const { user, fetchMock } = open("/screenplays/sp-1", {
      "POST /api/screenplays/sp-1/versions": () => ({ id: "sp-1", version: 3, newCharacters: ["ROSALIND"], goneCharacters: ["ROSE"] }),
      "POST /api/screenplays/sp-1/characters/match": () => ({ oldName: "ROSE", newName: "ROSALIND" }),
    });
    expect(await screen.findByText("Draft 1")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /What changed/ })).toHaveAttribute("href", "/screenplays/sp-1/changes?from=1&to=2");

    await user.click(screen.getByRole("button", { name: /Upload revised draft/ }));
    const dialog = await screen.findByRole("dialog");
    await user.upload(within(dialog).getByLabelText("Screenplay file"), new File(["INT. BARN - DAY"], "farmland-v3.fountain"));
    await user.click(within(dialog).getByRole("button", { name: "Upload draft" }));
    expect(await within(dialog).findByText("Draft 3 uploaded")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("combobox", { name: "New name of ROSE" }));
    await user.click(await screen.findByRole("option", { name: "ROSALIND" }));
    await user.click(within(dialog).getByRole("button", { name: "Match" }));
    await waitFor(() =>
      expect(callsTo(fetchMock, "POST /api/screenplays/sp-1/characters/match")).toEqual([{ oldName: "ROSE", newName: "ROSALIND" }]),
    );
    expect(await within(dialog).findByText(/is now/)).toHaveTextContent("is now ROSALIND");
  });
});
