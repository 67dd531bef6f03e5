/**
 * JSON Schemas of Stripe's objects, derived from the installed `stripe`
 * package's type declarations with the TypeScript compiler: a property the
 * types mark as present (not `?`) is required, `| null` allows null, literal
 * unions are enums and expandable fields (`string | Customer`) accept the id
 * or the object. The stand-in's schema suite validates its answers with them,
 * so an upgrade of `stripe` shows what the stand-in must change.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";

export type JsonSchema = Record<string, unknown>;

/** Stripe's `object` value → the SDK type that describes it. */
export const OBJECT_TYPES: Record<string, string> = {
  customer: "Customer",
  payment_method: "PaymentMethod",
  payment_intent: "PaymentIntent",
  charge: "Charge",
  refund: "Refund",
  dispute: "Dispute",
  event: "EventBase",
  price: "Price",
  product: "Product",
  plan: "Plan",
  subscription: "Subscription",
  subscription_item: "SubscriptionItem",
  subscription_schedule: "SubscriptionSchedule",
  invoice: "Invoice",
  line_item: "InvoiceLineItem",
  invoice_payment: "InvoicePayment",
  "test_helpers.test_clock": "TestHelpers.TestClock",
};

/** The answers of deletes (`{ id, object, deleted: true }`). */
export const DELETED_TYPES: Record<string, string> = {
  customer: "DeletedCustomer",
  "test_helpers.test_clock": "TestHelpers.DeletedTestClock",
};

export interface StripeSchemas {
  stripeVersion: string;
  apiVersion: string;
  /** `object` value → schema ($ref into definitions). */
  objects: Record<string, JsonSchema>;
  deleted: Record<string, JsonSchema>;
  definitions: Record<string, JsonSchema>;
}

/** The installed package's folder (its `exports` hide package.json, so walk up from the entry). */
function stripePackageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve("stripe"));
  while (!ts.sys.fileExists(join(dir, "package.json")) || !ts.sys.fileExists(join(dir, "VERSION"))) dir = dirname(dir);
  return dir;
}

export function installedStripeVersion(): { stripeVersion: string; apiVersion: string } {
  const dir = stripePackageDir();
  const { version } = JSON.parse(ts.sys.readFile(join(dir, "package.json")) ?? "{}") as { version: string };
  const source = ts.sys.readFile(join(dir, "esm", "apiVersion.d.ts")) ?? "";
  const apiVersion = /ApiVersion = "([^"]+)"/.exec(source)?.[1] ?? "unknown";
  return { stripeVersion: version, apiVersion };
}

export function generateStripeSchemas(): StripeSchemas {
  const dir = stripePackageDir();
  const entry = join(dir, "esm", "stripe.esm.node.d.ts");
  const rootFile = join(dir, "__schema_roots__.ts");
  const roots = { ...OBJECT_TYPES, ...Object.fromEntries(Object.entries(DELETED_TYPES).map(([k, v]) => [`deleted:${k}`, v])) };
  const rootSource =
    `import { Stripe } from "./esm/stripe.esm.node.js";\nexport interface Roots {\n` +
    Object.entries(roots)
      .map(([key, type]) => `  ${JSON.stringify(key)}: Stripe.${type};`)
      .join("\n") +
    "\n}\n";
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (file === rootFile ? rootSource : readFile(file));
  host.fileExists = (file) => file === rootFile || fileExists(file);
  const program = ts.createProgram([rootFile, entry], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(rootFile)!;
  const rootsSymbol = checker.getSymbolAtLocation((source.statements[1] as ts.InterfaceDeclaration).name)!;
  const rootsType = checker.getDeclaredTypeOfSymbol(rootsSymbol);

  const definitions: Record<string, JsonSchema> = {};
  const names = new Map<ts.Type, string>();

  const nameOf = (type: ts.Type): string | undefined => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (!symbol || symbol.flags & ts.SymbolFlags.TypeLiteral || symbol.getName() === "__type") return undefined;
    // Module path after `resources/` keeps Issuing.Dispute apart from Dispute.
    return checker
      .getFullyQualifiedName(symbol)
      .replace(/^"[^"]*?(?:\/resources\/([^"]*))?"\./, (_, file: string | undefined) =>
        file?.includes("/") ? `${file.replace(/\//g, ".")}:` : "",
      );
  };

  function schemaOf(type: ts.Type): JsonSchema {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.StringLiteral) return { const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === "true" };
    if (flags & ts.TypeFlags.String) return { type: "string" };
    if (flags & ts.TypeFlags.Number) return { type: "number" };
    if (flags & ts.TypeFlags.Boolean) return { type: "boolean" };
    if (flags & ts.TypeFlags.Null) return { type: "null" };
    if (flags & ts.TypeFlags.Union) {
      const members = (type as ts.UnionType).types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
      // `'a' | 'b' | string` (Stripe's OtherString) is any string.
      const stringish = (t: ts.Type) =>
        t.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral | ts.TypeFlags.Null) || nameOf(t) === "OtherString";
      if (members.some((t) => t.flags & ts.TypeFlags.String || nameOf(t) === "OtherString") && members.every(stringish))
        return members.some((t) => t.flags & ts.TypeFlags.Null) ? { type: ["string", "null"] } : { type: "string" };
      const booleans = members.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
      const rest = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral));
      const schemas = [...(booleans.length === 2 ? [{ type: "boolean" }] : booleans.map(schemaOf)), ...rest.map(schemaOf)];
      return schemas.length === 1 ? schemas[0] : { anyOf: schemas };
    }
    if (nameOf(type) === "Decimal") return { type: "string" };
    if (flags & ts.TypeFlags.Intersection) return { allOf: (type as ts.IntersectionType).types.map(schemaOf) };
    if (checker.isArrayType(type)) return { type: "array", items: schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]) };
    if (flags & ts.TypeFlags.Object) {
      const name = nameOf(type);
      // The SDK turns `*_decimal` strings into Decimal objects; on the wire they are strings.
      if (name === "Decimal" || name?.endsWith(".Decimal")) return { type: "string" };
      if (!name) return objectSchema(type);
      // A generic instance (ApiList<InvoiceLineItem>) is its own definition.
      const generic = (type as ts.TypeReference).typeArguments?.length || type.aliasTypeArguments?.length;
      const key = names.get(type) ?? (generic ? checker.typeToString(type).replace(/[^\w<>,.]/g, "") : name);
      if (!names.has(type)) {
        names.set(type, key);
        definitions[key] = {};
        definitions[key] = objectSchema(type);
      }
      return { $ref: `#/definitions/${key}` };
    }
    return {};
  }

  function objectSchema(type: ts.Type): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const prop of checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = decl ? checker.getTypeOfSymbolAtLocation(prop, decl) : checker.getTypeOfSymbol(prop);
      if (propType.getCallSignatures().length) continue;
      properties[prop.getName()] = schemaOf(propType);
      if (!(prop.flags & ts.SymbolFlags.Optional)) required.push(prop.getName());
    }
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    return {
      type: "object",
      properties,
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: schemaOf(index.type) } : {}),
    };
  }

  const objects: Record<string, JsonSchema> = {};
  const deleted: Record<string, JsonSchema> = {};
  for (const prop of checker.getPropertiesOfType(rootsType)) {
    const schema = schemaOf(checker.getTypeOfSymbol(prop));
    const key = prop.getName();
    if (key.startsWith("deleted:")) deleted[key.slice(8)] = schema;
    else objects[key] = schema;
  }
  return { ...installedStripeVersion(), objects, deleted, definitions };
}
