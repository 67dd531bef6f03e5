import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createQueryClient } from "./query-client";
import { USER_QUERY_KEY } from "./query-keys";
import { assumeSignedInUntilKnown } from "./session-hint";
import { useUser, type User } from "./user";

const writer = { id: "u1", username: "writer", email: "w@example.com", roles: [], points: 5 } as unknown as User;

function Account() {
  const { data: user, isPending } = useUser();
  if (isPending) return <span>Loading the session</span>;
  return <span>{user ? `Signed in as ${user.username}` : "Login"}</span>;
}

it("hydrates a signed-in frame as prerendered even when the session answered before its part hydrated, then shows the user", async () => {
  assumeSignedInUntilKnown();
  const serverClient = createQueryClient();
  const html = renderToString(
    <QueryClientProvider client={serverClient}>
      <Account />
    </QueryClientProvider>,
  );
  expect(html).toContain("Loading the session");

  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  // The session's answer is already in the cache when this part hydrates (the race seen in a browser).
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, writer);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <QueryClientProvider client={client}>
        <Account />
      </QueryClientProvider>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  expect(recoverable).toEqual([]);
  expect(container.textContent).toBe("Signed in as writer");
  container.remove();
});
