/**
 * Checks stand-in answers against the schemas of generate.ts: each object by
 * its `object` value, list items one by one, an event's `data.object` by its
 * own type, errors by Stripe's error shape.
 */
import { Ajv, type ValidateFunction } from "ajv";
import type { StripeSchemas } from "./generate";

export interface Violation {
  where: string;
  object: string;
  message: string;
}

const ERROR_SCHEMA = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["type", "message"],
      properties: { type: { type: "string" }, message: { type: "string" }, code: { type: "string" }, param: { type: "string" } },
    },
  },
};

export function stripeValidator(schemas: StripeSchemas) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema({ $id: "stripe", definitions: schemas.definitions });
  const compiled = new Map<string, ValidateFunction>();
  const compile = (key: string, schema: Record<string, unknown>) => {
    let fn = compiled.get(key);
    if (!fn) {
      const ref = String(schema.$ref).replace("#/", "stripe#/");
      compiled.set(key, (fn = ajv.compile({ $ref: ref })));
    }
    return fn;
  };
  const errorFn = ajv.compile(ERROR_SCHEMA);

  function check(body: any, where: string, out: Violation[]) {
    if (!body || typeof body !== "object") return out.push({ where, object: typeof body, message: "not an object" });
    if ("error" in body && !("object" in body)) {
      if (!errorFn(body)) out.push({ where, object: "error", message: ajv.errorsText(errorFn.errors) });
      return;
    }
    const type = body.object as string;
    if (type === "list") {
      if (!Array.isArray(body.data) || typeof body.has_more !== "boolean" || typeof body.url !== "string")
        out.push({ where, object: "list", message: "a list needs data, has_more and url" });
      (body.data ?? []).forEach((item: unknown, i: number) => check(item, `${where}.data[${i}]`, out));
      return;
    }
    const deleted = body.deleted === true;
    const schema = deleted ? schemas.deleted[type] : schemas.objects[type];
    if (!schema) return out.push({ where, object: type, message: `no Stripe type for object "${type}"${deleted ? " (deleted)" : ""}` });
    const fn = compile(`${deleted ? "deleted:" : ""}${type}`, schema);
    if (!fn(body))
      for (const e of fn.errors ?? [])
        out.push({ where, object: type, message: `${e.instancePath || "/"} ${e.message} ${describe(e.params)}` });
    if (type === "event") check(body.data?.object, `${where}.data.object`, out);
  }

  return {
    /** The violations of one answer body (empty when it is a valid Stripe object, list or error). */
    violations(body: unknown, where = "body"): Violation[] {
      const out: Violation[] = [];
      check(body, where, out);
      return out;
    },
  };
}

const describe = (params: Record<string, unknown>) => {
  const text = JSON.stringify(params);
  return text === "{}" ? "" : text;
};
