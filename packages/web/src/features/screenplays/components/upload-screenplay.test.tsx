import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ACCEPTED_EXTENSIONS } from "@storyboard/core/screenplay/constants";
import { useState } from "react";
import { apiError, json, mockFetch, renderWithProviders } from "../../../test/render";
import { UploadScreenplay } from "./upload-screenplay";

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open upload</button>
      <UploadScreenplay open={open} onOpenChange={setOpen} />
    </>
  );
}

const fdx = (name = "Farmland.fdx", bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: "application/xml" });
const fileInput = () => screen.getByTestId("screenplay-file-input") as HTMLInputElement;
const uploadButton = () => screen.getByRole("button", { name: "Upload" });
const rightsBox = () => screen.getByRole("checkbox", { name: "I own the rights or have permission" });

function setup() {
  const user = userEvent.setup({ applyAccept: false });
  const utils = renderWithProviders(<Harness />);
  return { user, ...utils };
}

describe("upload dialog", () => {
  it("keeps Upload disabled until a file is chosen and the rights box is checked", async () => {
    mockFetch({});
    const { user } = setup();
    expect(await screen.findByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute("accept", ACCEPTED_EXTENSIONS);
    expect(uploadButton()).toBeDisabled();

    await user.click(rightsBox());
    expect(uploadButton()).toBeDisabled();
    await user.click(rightsBox());

    await user.upload(fileInput(), fdx());
    expect(uploadButton()).toBeDisabled();
    await user.click(rightsBox());
    expect(uploadButton()).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Remove file" }));
    expect(screen.queryByText("Farmland.fdx")).not.toBeInTheDocument();
    expect(uploadButton()).toBeDisabled();
  });

  it("shows the chosen file with its size and offers its name as the title", async () => {
    mockFetch({});
    const { user } = setup();
    await user.upload(fileInput(), fdx("The Night Shift.fdx", 3 * 1024 * 1024 + 200 * 1024));
    expect(screen.getByText("The Night Shift.fdx")).toBeInTheDocument();
    expect(screen.getByText("3.2 MB")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /title/i })).toHaveAttribute("placeholder", 'From the title page, else "The Night Shift"');
    expect(screen.getByText(/Leave it empty to use the title on your screenplay's title page/)).toBeInTheDocument();
  });

  it("refuses a file of another type with 'Invalid file type'", async () => {
    mockFetch({});
    const { user } = setup();
    await user.upload(fileInput(), new File(["hello"], "notes.docx"));
    expect(await screen.findByText("Invalid file type")).toBeInTheDocument();
    expect(screen.getByText("Please upload a .fdx, .xml, .osf, .fadein or .fountain file.")).toBeInTheDocument();
    expect(screen.queryByText("notes.docx")).not.toBeInTheDocument();
  });

  it("refuses a file above 10 MB with 'File too large'", async () => {
    mockFetch({});
    const { user } = setup();
    const big = fdx("Epic.fdx", 1);
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);
    expect(await screen.findByText("File too large")).toBeInTheDocument();
    expect(screen.getByText("File size should not exceed 10MB.")).toBeInTheDocument();
    expect(screen.queryByText("Epic.fdx")).not.toBeInTheDocument();
  });

  it("accepts a file dropped on the box", async () => {
    mockFetch({});
    setup();
    const box = await screen.findByRole("button", { name: /choose a file or drag it here/i });
    const file = fdx("Dropped.fdx");
    fireEvent.drop(box, { dataTransfer: { files: [file] } });
    expect(await screen.findByText("Dropped.fdx")).toBeInTheDocument();
  });

  it("shows rising progress while uploading, leaves the title to the server when none is typed, then opens the screenplay", async () => {
    let answer!: (r: Response) => void;
    let sent: FormData | undefined;
    mockFetch({
      "POST /api/screenplays": (init) => {
        sent = init.body as FormData;
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    const { user, router } = setup();
    await user.upload(fileInput(), fdx("Farmland.fdx"));
    await user.click(rightsBox());
    await user.click(uploadButton());

    const bar = await screen.findByRole("progressbar", { name: "Upload progress" });
    const first = Number(bar.getAttribute("aria-valuenow"));
    await waitFor(() => expect(Number(bar.getAttribute("aria-valuenow"))).toBeGreaterThan(first));
    expect(Number(bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    expect(screen.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    // The server prefers the screenplay's title page, then the file name.
    expect(sent?.get("title")).toBe("");
    expect((sent?.get("file") as File).name).toBe("Farmland.fdx");

    await act(async () => answer(json({ id: "sp-42" })));
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "100"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/screenplays/sp-42"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    // Reopened, the dialog starts empty.
    await user.click(screen.getByRole("button", { name: "Open upload" }));
    expect(await screen.findByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
    expect(screen.queryByText("Farmland.fdx")).not.toBeInTheDocument();
    expect(rightsBox()).not.toBeChecked();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("sends a typed title instead of the default", async () => {
    let sent: FormData | undefined;
    mockFetch({
      "POST /api/screenplays": (init) => {
        sent = init.body as FormData;
        return { id: "sp-1" };
      },
    });
    const { user, router } = setup();
    await user.upload(fileInput(), fdx());
    await user.type(screen.getByRole("textbox", { name: /title/i }), "  Harvest Moon ");
    await user.click(rightsBox());
    await user.click(uploadButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/screenplays/sp-1"));
    expect(sent?.get("title")).toBe("Harvest Moon");
  });

  it("shows 'Upload failed' with the server's message for other failures and keeps the dialog", async () => {
    mockFetch({ "POST /api/screenplays": () => apiError(415, "This file is not a screenplay we can read.", "unsupported_media_type") });
    const { user } = setup();
    await user.upload(fileInput(), fdx());
    await user.click(rightsBox());
    await user.click(uploadButton());
    expect(await screen.findByText("Upload failed")).toBeInTheDocument();
    expect(screen.getByText("This file is not a screenplay we can read.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(uploadButton()).toBeEnabled();
  });

  it("resets when closed", async () => {
    mockFetch({});
    const { user } = setup();
    await user.upload(fileInput(), fdx());
    await user.click(rightsBox());
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Open upload" }));
    expect(await screen.findByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
    expect(screen.queryByText("Farmland.fdx")).not.toBeInTheDocument();
    expect(rightsBox()).not.toBeChecked();
  });
});

describe("content policy violation dialog", () => {
  const blocked = (canProceed: boolean) =>
    json(
      {
        message: "This screenplay contains content that our content policy does not allow.",
        code: "moderation_blocked",
        canProceed,
        flaggedSections: [
          { level: "block", categories: ["weapons_of_mass_harm"], text: "He mixes the agent.", blockId: "b0003" },
          { level: "warning", categories: ["graphic_violence", "strong_language"], text: "Blood sprays. Fuck." },
          { level: "warning", categories: ["strong_language"], text: "Shit." },
        ],
      },
      403,
    );

  async function uploadAndGetBlocked(canProceed: boolean) {
    mockFetch({ "POST /api/screenplays": () => blocked(canProceed) });
    const utils = setup();
    await utils.user.upload(fileInput(), fdx("Axe.fdx"));
    await utils.user.click(rightsBox());
    await utils.user.click(uploadButton());
    const dialog = await screen.findByRole("dialog", { name: "Content Policy Violation" });
    return { ...utils, dialog };
  }

  it("labels a refused upload 'Upload Blocked' with the summary counts and the flagged sections", async () => {
    const { dialog } = await uploadAndGetBlocked(false);
    expect(within(dialog).getByText("Upload Blocked")).toBeInTheDocument();
    expect(within(dialog).queryByText("Can Proceed with Warnings")).not.toBeInTheDocument();
    expect(within(dialog).getByTestId("blocking-count")).toHaveTextContent("1");
    expect(within(dialog).getByTestId("warning-count")).toHaveTextContent("2");
    const categories = within(within(dialog).getByRole("list", { name: "Flagged categories" })).getAllByRole("listitem");
    expect(categories.map((c) => c.textContent)).toEqual([
      "Instructions for weapons of mass harm: 1",
      "Strong language: 2",
      "Graphic violence: 1",
    ]);
    expect(within(dialog).getByText("He mixes the agent.")).toBeInTheDocument();
    expect(within(dialog).getByText("Blood sprays. Fuck.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Upload Screenplay" })).not.toBeInTheDocument();
  });

  it("labels a report that may proceed 'Can Proceed with Warnings'", async () => {
    const { dialog } = await uploadAndGetBlocked(true);
    expect(within(dialog).getByText("Can Proceed with Warnings")).toBeInTheDocument();
    expect(within(dialog).queryByText("Upload Blocked")).not.toBeInTheDocument();
  });

  it("downloads the report as a text file", async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return "blob:report";
    });
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    const revokeObjectURL = vi.fn();
    URL.revokeObjectURL = revokeObjectURL;
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const { user, dialog } = await uploadAndGetBlocked(false);
    await user.click(within(dialog).getByRole("button", { name: "Download report" }));
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toBe("Axe-moderation-report.txt");
    expect(created).toHaveLength(1);
    expect(created[0].type).toBe("text/plain;charset=utf-8");
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]);
    });
    expect(text).toContain("Result: Upload blocked");
    expect(text).toMatch(/Blocked: +1\n +Warnings: +2/);
    expect(text).toContain("[BLOCK] Instructions for weapons of mass harm (block b0003)\n   He mixes the agent.");
    // The object URL is let go once the download has started.
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith("blob:report"), { timeout: 2000 });
  });

  it("'Close' closes it; 'Try Again with Modified Content' reopens a fresh upload dialog", async () => {
    const { user, dialog } = await uploadAndGetBlocked(false);
    await user.click(within(dialog).getByRole("button", { name: "Try Again with Modified Content" }));
    expect(await screen.findByRole("dialog", { name: "Upload Screenplay" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Content Policy Violation" })).not.toBeInTheDocument();
    expect(screen.queryByText("Axe.fdx")).not.toBeInTheDocument();
    expect(rightsBox()).not.toBeChecked();

    await user.upload(fileInput(), fdx("Axe.fdx"));
    await user.click(rightsBox());
    await user.click(uploadButton());
    const again = await screen.findByRole("dialog", { name: "Content Policy Violation" });
    await user.click(within(again).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
