import { randomUUID } from "node:crypto";
import { openSession } from "@storyboard/core/auth/session";
import { db } from "@storyboard/core/dynamo/service";
import { AppError } from "@storyboard/core/error";
import { useUserId } from "@storyboard/core/actor";
import { z } from "zod";
import { api } from "./handler";
import { makeEvent } from "./test-event";

const apiUrl = () => process.env.API_URL!;

async function makeUser(roles: string[] = []) {
  const userId = randomUUID();
  await db.entities.user
    .create({ userId, username: `u${userId.slice(0, 8)}`, email: `${userId}@example.com`, roles, referralCode: userId.slice(0, 8), unsubscribeToken: randomUUID(), points: 0 })
    .go();
  const session = await openSession(userId);
  return { userId, cookie: `sb_session=${session.token}` };
}

const echo = api({ body: z.object({ name: z.string().min(1, "Name is required") }) }, async ({ body }) => ({
  hello: body.name,
  userId: useUserId(),
}));

describe("API conventions over HTTP", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await fetch(`${apiUrl()}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = await res.json();
    expect(body.code).toBe("not_found");
    expect(body.message).toContain("/api/no-such-thing");
  });

  it("serves GET /api/env with the media prefix and security headers", async () => {
    const res = await fetch(`${apiUrl()}/api/env`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    const body = await res.json();
    expect(body.AWS_S3_URL_PREFIX).toBe("/api/media/");
    expect(body.GOOGLE_AUTH).toBeNull();
  });

  it("serves GET /api/faqs from the seeded table", async () => {
    const res = await fetch(`${apiUrl()}/api/faqs`);
    expect(res.status).toBe(200);
    const faqs = await res.json();
    expect(faqs.length).toBeGreaterThanOrEqual(10);
    expect(faqs[0]).toEqual({ id: expect.any(String), question: expect.any(String), answer: expect.any(String) });
    expect(faqs.map((f: { question: string }) => f.question)).toContain("Which file formats can I upload?");
  });
});

describe("the handler wrapper", () => {
  it("refuses a signed-in route without a session (401)", async () => {
    const res = await echo(makeEvent({ method: "POST", body: JSON.stringify({ name: "x" }) }));
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body!)).toMatchObject({ code: "unauthorized" });
  });

  it("refuses a session that was ended or forged", async () => {
    const res = await echo(makeEvent({ method: "POST", body: "{}", cookies: ["sb_session=forged-token"] }));
    expect(res.statusCode).toBe(401);
  });

  it("answers bad JSON with a 400 and a readable message", async () => {
    const { cookie } = await makeUser();
    const res = await echo(makeEvent({ method: "POST", body: "{not json", cookies: [cookie] }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toEqual({ message: "The request body is not valid JSON.", code: "bad_request" });
  });

  it("answers a zod failure with the schema's message", async () => {
    const { cookie } = await makeUser();
    const res = await echo(makeEvent({ method: "POST", body: JSON.stringify({ name: "" }), cookies: [cookie] }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body!)).toMatchObject({ message: "Name is required", code: "validation" });
  });

  it("runs the logic with the actor of the session", async () => {
    const { cookie, userId } = await makeUser();
    const res = await echo(makeEvent({ method: "POST", body: JSON.stringify({ name: "Ada" }), cookies: [cookie], headers: { origin: "http://localhost:3000" } }));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual({ hello: "Ada", userId });
  });

  it("refuses a state-changing request from another origin (403)", async () => {
    const { cookie } = await makeUser();
    const res = await echo(makeEvent({ method: "POST", body: JSON.stringify({ name: "Ada" }), cookies: [cookie], headers: { origin: "https://evil.example" } }));
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body!).message).toBe("Cross-site requests are not allowed.");
  });

  it("maps an AppError to its status with { message, code }", async () => {
    const fails = api({}, async () => {
      throw new AppError("conflict", "That title is taken.");
    });
    const res = await fails(makeEvent({ routeKey: "GET /api/env" }));
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body!)).toEqual({ message: "That title is taken.", code: "conflict" });
  });

  it("turns an unexpected throw into a 500 with a request id and no internals", async () => {
    const crashes = api({}, async () => {
      throw new Error("database password is hunter2");
    });
    const event = makeEvent({ routeKey: "GET /api/env" });
    const res = await crashes(event);
    expect(res.statusCode).toBe(500);
    const body = JSON.parse(res.body!);
    expect(body.code).toBe("internal");
    expect(body.requestId).toBe(event.requestContext.requestId);
    expect(res.body).not.toContain("hunter2");
  });

  it("checks the admin role on the server", async () => {
    const adminOnly = api({}, async () => ({ ok: true }));
    // A route-table row marked admin is what makes a route admin-only; simulate one by its key.
    const { routes } = await import("../routes");
    routes.push({ method: "GET", path: "/api/test-admin", handler: "none", auth: "admin", group: "admin" });
    try {
      const { cookie } = await makeUser();
      const { cookie: adminCookie } = await makeUser(["admin"]);
      const plain = await adminOnly(makeEvent({ routeKey: "GET /api/test-admin", cookies: [cookie] }));
      const admin = await adminOnly(makeEvent({ routeKey: "GET /api/test-admin", cookies: [adminCookie] }));
      expect([plain.statusCode, admin.statusCode]).toEqual([403, 200]);
    } finally {
      routes.pop();
    }
  });
});
