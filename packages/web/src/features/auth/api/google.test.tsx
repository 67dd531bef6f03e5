import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { callsTo, json, mockFetch, renderApp, testUser } from "../../../test/render";
import type { RedirectEvent } from "../../../lib/identity-provider";

const provider = vi.hoisted(() => ({
  listeners: new Set<(e: RedirectEvent) => void>(),
  signInWithRedirect: vi.fn(async () => undefined),
  idToken: "id.token.value" as string | undefined,
}));

vi.mock("../../../lib/identity-provider", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../lib/identity-provider")>();
  const fake = {
    auth: {
      signInWithRedirect: provider.signInWithRedirect,
      fetchAuthSession: async () => ({ tokens: provider.idToken ? { idToken: { toString: () => provider.idToken } } : undefined }),
      signOut: vi.fn(),
    },
    hub: {},
  };
  return {
    ...real,
    loadIdentityProvider: vi.fn(async () => fake),
    onRedirectResult: (listener: (e: RedirectEvent) => void) => {
      provider.listeners.add(listener);
      return () => provider.listeners.delete(listener);
    },
  };
});

const GOOGLE_AUTH = { userPoolId: "us-east-1_x", clientId: "client", domain: "auth.example.com", redirectUrl: "http://localhost/auth" };

describe("Google sign-in", () => {
  beforeEach(() => {
    provider.listeners.clear();
    provider.signInWithRedirect.mockClear();
    provider.idToken = "id.token.value";
  });

  it("redirects to the identity provider and reads 'Redirecting...'", async () => {
    mockFetch({ "GET /api/user": () => json({}, 401), "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH }) });
    renderApp("/auth");
    const button = await screen.findByRole("button", { name: "Continue with Google" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByRole("button", { name: "Redirecting..." })).toBeDisabled();
    expect(provider.signInWithRedirect).toHaveBeenCalledWith({ provider: "Google" });
  });

  it("on return, exchanges the ID token with the stored referral, refreshes the user and goes to /dashboard", async () => {
    localStorage.setItem("referral", "FRIEND42");
    localStorage.setItem("welcomeDismissedAt", "x");
    let signedIn = false;
    const fetchMock = mockFetch({
      "GET /api/user": () => (signedIn ? testUser : json({ message: "Unauthorized" }, 401)),
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH }),
      "POST /api/auth/token-exchange": () => {
        signedIn = true;
        return testUser;
      },
    });
    const { router } = renderApp("/auth?code=abc&state=xyz");
    await waitFor(() => expect(provider.listeners.size).toBe(1));
    for (const listener of provider.listeners) listener({ kind: "signedIn" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(callsTo(fetchMock, "POST /api/auth/token-exchange")).toEqual([{ idToken: "id.token.value", referralCode: "FRIEND42" }]);
    expect(localStorage.getItem("referral")).toBeNull();
  });

  it("shows 'Login failed' / 'Could not log in with Google.' when the exchange fails", async () => {
    mockFetch({
      "GET /api/user": () => json({ message: "Unauthorized" }, 401),
      "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH }),
      "POST /api/auth/token-exchange": () => json({ message: "Invalid token" }, 401),
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { router } = renderApp("/auth?code=abc&state=xyz");
    await waitFor(() => expect(provider.listeners.size).toBe(1));
    for (const listener of provider.listeners) listener({ kind: "signedIn" });
    expect(await screen.findByText("Could not log in with Google.")).toBeInTheDocument();
    expect(screen.getByText("Login failed")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });
});

it("stays on the page when the sign-in returns elsewhere than /, /auth", async () => {
  provider.listeners.clear();
  provider.idToken = "id.token.value";
  const fetchMock = mockFetch({
    "GET /api/user": () => json({ message: "Unauthorized" }, 401),
    "GET /api/env": () => ({ AWS_S3_URL_PREFIX: "", GOOGLE_AUTH }),
    "GET /api/faqs": () => [],
    "POST /api/auth/token-exchange": () => testUser,
  });
  const { router } = renderApp("/faq?code=abc&state=xyz");
  await waitFor(() => expect(provider.listeners.size).toBe(1));
  for (const listener of provider.listeners) listener({ kind: "signedIn" });
  await waitFor(() => expect(screen.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInTheDocument());
  await waitFor(() => expect(callsTo(fetchMock, "POST /api/auth/token-exchange")).toHaveLength(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(router.state.location.pathname).toBe("/faq");
});
