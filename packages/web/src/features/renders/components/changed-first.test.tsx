import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch, renderApp, testUser } from "../../../test/render";
import type { RenderJob } from "../api/renders";
import { block, env, renderJob } from "../test/fixtures";

function open(render: RenderJob) {
  mockFetch({
    "GET /api/user": () => testUser,
    "GET /api/env": () => env,
    "GET /api/renders/r1": () => render,
    "GET /api/renders/mediaCompletion/r1": () => ({
      total: 6,
      remaining: 0,
      typeBreakdown: { audio: { total: 3, remaining: 0 }, image: { total: 3, remaining: 0 } },
    }),
  });
  return { user: userEvent.setup(), ...renderApp("/renders/r1") };
}

/** A revised draft's render: scene 2 has a rewritten line by BEN; scene 1 and MARY are as before. */
const revised = (status: RenderJob["status"]) => {
  const base = renderJob();
  return renderJob({
    status,
    screenplaySnapshot: {
      ...base.screenplaySnapshot,
      characterDictionary: { MARY: { description: "A farmer.", isSpeaker: true }, BEN: { description: "Her brother.", isSpeaker: true } },
      sceneDictionary: {
        b0001: { heading: "EXT. FARM - DAY", description: "A dusty yard." },
        b0003: { heading: "INT. BARN - NIGHT", description: "Hay and lamplight." },
      },
      blocks: [
        block(1),
        block(2, { type: "dialogue", character: "MARY" }),
        block(3, { sceneId: "b0003" }),
        block(4, { type: "dialogue", character: "BEN", sceneId: "b0003", text: "We sell the barn.", changed: true }),
      ],
    },
  });
};

afterEach(cleanup);

describe("review steps of a revised draft's render", () => {
  it("lists the new and changed shots first, and every shot after 'Show all'", async () => {
    const { user } = open(revised("assets_ready"));
    const list = await screen.findByRole("list", { name: "Shots to review" }, { timeout: 10_000 });
    expect(screen.getByText(/1 of 4 shots are new or changed/)).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["New or changed: We sell the barn.. Change image"]);
    await user.click(screen.getByRole("button", { name: "Show all" }));
    const all = within(screen.getByRole("list", { name: "Shots to review" })).getAllByRole("button");
    expect(all).toHaveLength(4);
    expect(all[0]).toHaveAccessibleName("New or changed: We sell the barn.. Change image");
    expect(screen.getByRole("button", { name: "Show only new and changed shots" })).toHaveAttribute("aria-pressed", "true");
  });

  it("shows the descriptions of the changed scenes and speakers first", async () => {
    const { user } = open(revised("descriptions_ready"));
    await screen.findByText(
      /Showing what is new or changed in this draft: 1 of 2 scenes, 1 of 2 characters and 1 of 4 shots/,
      {},
      { timeout: 10_000 },
    );
    expect(screen.getByLabelText("INT. BARN - NIGHT")).toBeInTheDocument();
    expect(screen.queryByLabelText("EXT. FARM - DAY")).not.toBeInTheDocument();
    expect(screen.getByLabelText("BEN")).toBeInTheDocument();
    expect(screen.queryByLabelText("MARY")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show all" }));
    expect(screen.getByLabelText("EXT. FARM - DAY")).toBeInTheDocument();
    expect(screen.getByLabelText("MARY")).toBeInTheDocument();
  });

  it("shows everything, with no 'Show all', for a render that reuses nothing", async () => {
    open(renderJob({ status: "assets_ready" }));
    await screen.findByRole("button", { name: "Create Video" }, { timeout: 10_000 });
    expect(screen.queryByRole("list", { name: "Shots to review" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show all" })).not.toBeInTheDocument();
  });
});
