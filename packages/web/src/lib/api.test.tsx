import { api, ApiError, errorMessage } from "./api";

describe("api client", () => {
  it("sends cookies and JSON, and parses JSON answers", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(api.post("/api/x", { a: 1 })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/x");
    expect(init.credentials).toBe("include");
    expect(init.method).toBe("POST");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
    expect(init.body).toBe('{"a":1}');
  });

  it("throws '{status}: {body}' with the server's message exposed", async () => {
    vi.stubGlobal("fetch", async () => new Response('{"message":"Invalid email or password.","code":"unauthorized"}', { status: 401 }));
    const error = await api.get("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"message":"Invalid email or password.","code":"unauthorized"}');
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).serverMessage).toBe("Invalid email or password.");
    expect(errorMessage(error)).toBe("Invalid email or password.");
  });

  it("uses the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", async () => new Response("", { status: 503, statusText: "Service Unavailable" }));
    const error = (await api.get("/api/x").catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe("503: Service Unavailable");
    expect(error.serverMessage).toBeUndefined();
    expect(errorMessage(error)).toBe("503: Service Unavailable");
  });

  it("accepts empty success bodies", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    await expect(api.post("/api/logout")).resolves.toBeUndefined();
  });
});

it("treats a non-JSON success body as a failure", async () => {
  vi.stubGlobal("fetch", async () => new Response("<!doctype html><html></html>", { status: 200 }));
  await expect(api.get("/api/user")).rejects.toBeInstanceOf(ApiError);
});
