import { vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";
import { createQueryClient } from "../../../lib/query-client";
import { apiError, callsTo, json, mockFetch, renderApp, testUser } from "../../../test/render";
import { AuthScreen } from "./auth-screen";

const anonymous = {
  "GET /api/user": () => json({ message: "Unauthorized" }, 401),
  "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH: null }),
};

describe("/auth tabs", () => {
  it("#register opens the Register tab; switching tabs sets and clears the hash", async () => {
    mockFetch(anonymous);
    const { router } = renderApp("/auth#register");
    expect(await screen.findByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "Create account" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("tab", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(screen.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");

    await userEvent.click(screen.getByRole("tab", { name: "Register" }));
    await waitFor(() => expect(router.state.location.hash).toBe("#register"));
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("Tab from a tab goes to the form's first field, not to an invisible stop on the panel", async () => {
    mockFetch(anonymous);
    renderApp("/auth#register");
    await userEvent.click(await screen.findByRole("tab", { name: "Register" }));
    await userEvent.tab();
    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
    await userEvent.click(screen.getByRole("tab", { name: "Sign In" }));
    await userEvent.tab();
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("opens Sign In without a hash", async () => {
    mockFetch(anonymous);
    renderApp("/auth");
    expect(await screen.findByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
  });
});

describe("login", () => {
  it("shows the spec's validation messages", async () => {
    const fetchMock = mockFetch(anonymous);
    renderApp("/auth");
    await userEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Email"), "not-an-email");
    await userEvent.type(screen.getByLabelText("Password"), "12345");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/login")).toHaveLength(0);
  });

  it("signs in with rememberMe, welcomes by name and goes to /dashboard", async () => {
    localStorage.setItem("welcomeDismissedAt", "x");
    const fetchMock = mockFetch({ ...anonymous, "POST /api/login": () => testUser });
    const { router } = renderApp("/auth");
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret123");
    await userEvent.click(screen.getByRole("checkbox", { name: "Remember me" }));
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login successful")).toBeInTheDocument();
    expect(screen.getByText("Welcome back, Jane Writer!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo(fetchMock, "POST /api/login")).toEqual([{ email: "jane@example.com", password: "secret123", rememberMe: true }]);
  });

  it("omits the name when the user has none", async () => {
    localStorage.setItem("welcomeDismissedAt", "x");
    mockFetch({ ...anonymous, "POST /api/login": () => ({ ...testUser, fullName: null }) });
    renderApp("/auth");
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret123");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
  });

  it("shows 'Login failed' with the server's message and stays on /auth", async () => {
    mockFetch({ ...anonymous, "POST /api/login": () => apiError(401, "Invalid email or password.", "unauthorized") });
    const { router } = renderApp("/auth");
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "wrongpass");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });
});

describe("register", () => {
  it("shows the spec's validation messages and sends nothing", async () => {
    const fetchMock = mockFetch(anonymous);
    renderApp("/auth#register");
    await userEvent.type(await screen.findByLabelText("Email"), "jane@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "secret123");
    await userEvent.type(screen.getByLabelText("Confirm password"), "secret124");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Please select a timezone")).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText("You must agree to the terms and conditions")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "false");
    expect(callsTo(fetchMock, "POST /api/auth/send-confirmation")).toHaveLength(0);
  });

  it("links to /terms and /privacy and offers the ten registration timezones", async () => {
    mockFetch(anonymous);
    renderApp("/auth#register");
    expect(await screen.findByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await userEvent.click(screen.getByRole("combobox", { name: "Timezone" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Eastern Time ET",
      "Central Time CT",
      "Mountain Time MT",
      "Pacific Time PT",
      "Alaska Time",
      "Hawaii Time",
      "GMT / UTC",
      "Central European Time",
      "Japan Time",
      "Australia Eastern Time",
    ]);
  });

  it("keeps the timezone select controlled from the first render (no React warning when a zone is picked)", async () => {
    mockFetch(anonymous);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    renderApp("/auth#register");
    await userEvent.click(await screen.findByRole("combobox", { name: "Timezone" }));
    await userEvent.click(await screen.findByRole("option", { name: "Japan Time" }));
    expect(screen.getByRole("combobox", { name: "Timezone" })).toHaveTextContent("Japan Time");
    const logged = [...errors.mock.calls, ...warnings.mock.calls].map((args) => args.map(String).join(" "));
    expect(logged.filter((line) => /uncontrolled|controlled/i.test(line))).toEqual([]);
    errors.mockRestore();
    warnings.mockRestore();
  });
});

describe("Google sign-in", () => {
  it("is disabled with an explanation when the server has no Google settings", async () => {
    mockFetch(anonymous);
    renderApp("/auth");
    const button = await screen.findByRole("button", { name: "Continue with Google" });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByText(/Google sign-in is not configured on this server/)).toBeInTheDocument();
  });

  it("on Register, asks for the terms box first ('Terms Required')", async () => {
    mockFetch({
      ...anonymous,
      "GET /api/env": () => ({
        AWS_S3_URL_PREFIX: "",
        GOOGLE_AUTH: { userPoolId: "us-east-1_x", clientId: "c", domain: "auth.example.com", redirectUrl: "http://localhost/auth" },
      }),
    });
    renderApp("/auth#register");
    const button = await screen.findByRole("button", { name: "Sign up with Google" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const toast = await screen.findByText("Terms Required");
    expect(within(toast.closest("li")!).getByText("You must agree to the terms before registering with Google.")).toBeInTheDocument();
    expect(button).not.toHaveTextContent("Redirecting...");
  });
});

describe("/auth#register over the prerendered page", () => {
  it("hydrates as the prerendered Sign In tab (the server sees no hash), then opens Register, without a mismatch", async () => {
    mockFetch(anonymous);
    const page = (path: string, client = createQueryClient()) => (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AuthScreen />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page("/auth"));
    document.body.append(container);
    expect(container.textContent).toContain("Welcome back");
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page("/auth#register"), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain("Create your account");
    container.remove();
  });
});
