/**
 * `npm run synth [-- --stage prod] [-- --bundle]`: writes the CloudFormation
 * templates of every stack to `.sst/synth/<stage>/`, offline (no AWS
 * credentials, no network), and prints a one-line summary.
 *
 * By default no function is bundled and the site is not built (see
 * stacks/offline.ts): the stacks come from the "placeholders" build (tags,
 * removal policies, SST parameters; function code is SST's placeholder), the
 * web stack from the "site" build, which has the CloudFront distribution. The
 * two builds make the same cross-stack exports, checked below.
 * `--bundle` instead does what `sst build` does: bundles every handler (and
 * installs the native packages, see stacks/bundling.ts, which needs the npm
 * registry only for a package not installed here) and builds the web app;
 * it fails on a missing handler file. It then prints each function's
 * unzipped size and fails when one is over Lambda's 250 MB.
 */
import fs from "node:fs";
import path from "node:path";
import { Template } from "aws-cdk-lib/assertions";
import type { Stack } from "sst/constructs";
import { STACKS } from "../sst.config";
import { bundleSizes, LAMBDA_UNZIPPED_LIMIT, overLimit } from "./bundling";
import { Web } from "./web";
import { offlineApp, removeScratch, ROOT, stackOf } from "./offline";

type Json = any;
const argument = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const stage = argument("--stage") ?? "prod";
const bundle = process.argv.includes("--bundle");
const outDir = path.join(ROOT, ".sst", "synth", stage);

async function templates(): Promise<Map<Stack, Json>> {
  const result = new Map<Stack, Json>();
  if (bundle) {
    await offlineApp({ mode: "bundle", stage, outdir: path.join(outDir, "cdk.out") });
    for (const fn of STACKS) result.set(stackOf(fn), Template.fromStack(stackOf(fn)).toJSON());
    return result;
  }
  await offlineApp({ mode: "placeholders", stage });
  for (const fn of STACKS) if (fn !== Web) result.set(stackOf(fn), Template.fromStack(stackOf(fn)).toJSON());
  await offlineApp({ mode: "site", stage });
  result.set(stackOf(Web), Template.fromStack(stackOf(Web)).toJSON());
  return result;
}

/** Every Fn::ImportValue of the set must be an Export of one of its templates. */
function unresolvedImports(all: Json[]): string[] {
  const exported = new Set(
    all.flatMap((t) =>
      Object.values(t.Outputs ?? {})
        .map((o: Json) => o.Export?.Name)
        .filter(Boolean),
    ),
  );
  const imported = new Set<string>();
  const visit = (v: Json) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      if (typeof v["Fn::ImportValue"] === "string") imported.add(v["Fn::ImportValue"]);
      Object.values(v).forEach(visit);
    }
  };
  all.forEach(visit);
  return [...imported].filter((name) => !exported.has(name));
}

function summary(all: Json[]): string {
  const of = (type: string) => all.flatMap((t) => Object.values(t.Resources ?? {}).filter((r: Json) => r.Type === type)) as Json[];
  const [table] = of("AWS::DynamoDB::Table");
  const gsis = (table?.Properties.GlobalSecondaryIndexes ?? []).map((g: Json) => g.IndexName).join("/");
  const buckets = all.flatMap((t) =>
    Object.entries(t.Resources ?? {})
      .filter(([, r]: Json) => r.Type === "AWS::S3::Bucket")
      .map(([id]) => id.replace(/(S3)?Bucket.*$/, "")),
  );
  const [pool] = of("AWS::Cognito::UserPool");
  const idps = of("AWS::Cognito::UserPoolIdentityProvider").map((p) => p.Properties.ProviderName);
  const routeKeys = of("AWS::ApiGatewayV2::Route").map((r) => r.Properties.RouteKey);
  const routes = `${routeKeys.filter((k) => k !== "$default").length} routes${routeKeys.includes("$default") ? " + $default" : ""}`;
  const machines = of("AWS::StepFunctions::StateMachine").map((m) => m.Properties.StateMachineName);
  const crons = of("AWS::Events::Rule").map((r) => r.Properties.ScheduleExpression);
  const sites = of("AWS::CloudFront::Distribution").map((d) => {
    const behaviors = (d.Properties.DistributionConfig.CacheBehaviors ?? []).map((b: Json) => b.PathPattern);
    return behaviors.length ? `site+${behaviors.join(",")}` : "media";
  });
  return [
    `table ${table?.Properties.TableName} (${gsis}, TTL ${table?.Properties.TimeToLiveSpecification?.AttributeName})`,
    `buckets ${buckets.join(", ")}`,
    `user pool ${pool?.Properties.UserPoolName} (+${idps.join(",")})`,
    routes,
    `state machines ${machines.join(", ")}`,
    `crons ${crons.join(" ")}`,
    `distributions ${sites.join(", ")}`,
  ].join(" | ");
}

function mb(bytes: number) {
  return `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** One line per bundled function, largest first (docs/decisions.md#scale). */
function printBundleSizes() {
  const rows = [...bundleSizes].sort((a, b) => b[1] - a[1]);
  console.log(`\nfunction bundles, unzipped (Lambda's limit ${mb(LAMBDA_UNZIPPED_LIMIT)}):`);
  for (const [handler, bytes] of rows) console.log(`  ${mb(bytes).padStart(9)}  ${handler}`);
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const byStack = await templates();
const written: string[] = [];
for (const [stack, template] of byStack) {
  const file = path.join(outDir, `${stack.stackName}.template.json`);
  fs.writeFileSync(file, `${JSON.stringify(template, null, 2)}\n`);
  written.push(path.relative(process.cwd(), file));
}
const all = [...byStack.values()];
const missing = unresolvedImports(all);
console.log(written.join("\n"));
if (!process.env.SITE_DOMAIN && !process.env.SITE_URL) {
  console.log("note: no SITE_DOMAIN or SITE_URL set: Cognito callbacks, APP_URL and CORS use http://localhost:3000");
}
console.log(`${stage}${bundle ? " (bundled)" : ""}: ${summary(all)}`);
if (bundle) printBundleSizes();
if (missing.length) {
  console.error(`Cross-stack imports without an export: ${missing.join(", ")}`);
  process.exit(1);
}
if (bundle && overLimit(bundleSizes).length) {
  console.error(
    `Over Lambda's ${mb(LAMBDA_UNZIPPED_LIMIT)} unzipped: ${overLimit(bundleSizes)
      .map(([handler]) => handler)
      .join(", ")}`,
  );
  process.exit(1);
}
removeScratch();
// SST's build machinery keeps handles open (esbuild, its bus): end explicitly.
process.exit(0);
