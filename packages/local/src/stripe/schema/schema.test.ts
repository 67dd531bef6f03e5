/**
 * The schema suite: every answer the stand-in gives (and every event it sends)
 * while the official SDK drives it through each endpoint the product uses must
 * be a valid Stripe object of the API version the installed `stripe` package
 * speaks. A recording of another run (`STRIPE_STAND_IN_RECORD=<file>` while it
 * ran) is checked too when `STRIPE_SCHEMA_RECORDING=<file>` names it.
 */
import { existsSync, readFileSync } from "node:fs";
import type Stripe from "stripe";
import { API_VERSION } from "../events";
import type { RecordedAnswer } from "../server";
import { standInWithWebhook } from "../test-support";
import { generateStripeSchemas, type StripeSchemas } from "./generate";
import { stripeValidator, type Violation } from "./validate";
import { driveEveryEndpoint } from "./drive";

const recorded: RecordedAnswer[] = [];
let t: Awaited<ReturnType<typeof standInWithWebhook>>;
let schemas: StripeSchemas;
let validator: ReturnType<typeof stripeValidator>;

beforeAll(async () => {
  schemas = generateStripeSchemas();
  validator = stripeValidator(schemas);
  t = await standInWithWebhook({ record: (entry) => recorded.push(entry) });
}, 120_000);
afterAll(() => t.stop());

function report(entries: RecordedAnswer[]) {
  const violations: (Violation & { request: string })[] = [];
  for (const entry of entries) for (const v of validator.violations(entry.body)) violations.push({ ...v, request: entry.request });
  return violations;
}

describe("Stripe stand-in answers match the stripe SDK's types", () => {
  it("speaks the API version of the installed stripe package", () => {
    expect(schemas.apiVersion).toBe(API_VERSION);
  });

  it("every answer and event of a drive through every endpoint is a complete, valid Stripe object", async () => {
    await driveEveryEndpoint(t);
    await t.idle();
    const objects = new Set(recorded.flatMap((r) => objectTypes(r.body)));
    // The drive reaches every kind of object the stand-in has.
    for (const type of Object.keys(schemas.objects).filter((k) => k !== "plan")) expect(objects, `no ${type} answered`).toContain(type);
    const violations = report(recorded);
    printSummary(violations);
    console.log(
      `Stripe schema suite: ${recorded.length} answers and events checked against stripe ${schemas.stripeVersion} (${schemas.apiVersion}), ${violations.length} violations`,
    );
    expect(violations.slice(0, 40)).toEqual([]);
  }, 120_000);

  it.runIf(process.env.STRIPE_SCHEMA_RECORDING && existsSync(process.env.STRIPE_SCHEMA_RECORDING))(
    "a recording of another run is valid",
    () => {
      const entries = readFileSync(process.env.STRIPE_SCHEMA_RECORDING!, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as RecordedAnswer);
      const violations = report(entries);
      printSummary(violations);
      console.log(`Stripe schema suite: ${entries.length} recorded answers checked, ${violations.length} violations`);
      expect(violations.slice(0, 40)).toEqual([]);
    },
  );

  it("finds a missing always-present field and a wrong type", () => {
    const customer = recorded.map((r) => r.body as Stripe.Customer).find((b) => b?.object === "customer" && !("deleted" in b))!;
    expect(validator.violations(customer)).toEqual([]);
    const { balance: _balance, ...withoutBalance } = customer;
    expect(validator.violations(withoutBalance)[0].message).toMatch(/balance/);
    expect(validator.violations({ ...customer, created: "yesterday" })[0].message).toMatch(/created/);
  });
});

/** Every kind of Stripe object in an answer, nested ones included (a subscription's items, an invoice's lines). */
function objectTypes(body: unknown): string[] {
  if (!body || typeof body !== "object") return [];
  const nested = Object.values(body).flatMap(objectTypes);
  const type = (body as { object?: unknown }).object;
  return typeof type === "string" && type !== "list" ? [type, ...nested] : nested;
}

/** Violations grouped by object and message (list indexes dropped), most frequent first. */
function printSummary(violations: Violation[]) {
  const groups = new Map<string, number>();
  for (const v of violations) {
    const key = `${v.object}: ${v.message.replace(/\/\d+\//g, "/*/")}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const lines = [...groups].sort((a, b) => b[1] - a[1]).map(([key, n]) => `${String(n).padStart(5)}  ${key}`);
  if (lines.length) console.log(lines.slice(0, 200).join("\n"));
}
