/**
 * Shared by the stack tests: builds the app offline (see stacks/offline.ts)
 * with fixed deploy settings, and reads templates back into plain data.
 */
import { Template } from "aws-cdk-lib/assertions";
import type { App } from "sst/constructs";
import { afterAll } from "vitest";
import { STACKS } from "../../sst.config";
import { type BuildMode, offlineApp, removeScratch, stackOf } from "../offline";

export const SITE_URL = "https://storyboard.test";

/** Every deploy-time setting the stacks read, pinned so a local .env cannot change a test. */
export const TEST_ENV: Record<string, string | undefined> = {
  SITE_URL,
  SITE_DOMAIN: undefined,
  SITE_HOSTED_ZONE: undefined,
  API_DOMAIN: undefined,
  API_HOSTED_ZONE: undefined,
  MAIL_FROM: undefined,
  GOOGLE_SECRETS_REVISION: undefined,
  STRIPE_PUBLISHABLE_KEY: undefined,
  TUTORIAL_VIDEO_URL: undefined,
  ALARM_EMAIL: undefined,
  LOG_RETENTION_DAYS: undefined,
  SUPPORT_EMAIL: undefined,
  PROVIDER_CHECK_ON_DEPLOY: undefined,
};

// Registered in the importing test file: its builds' temporary directories go when it ends.
afterAll(removeScratch);

export type StackFn = (typeof STACKS)[number];
export type Json = any;

export async function build(
  mode: BuildMode,
  stage = "test",
  env: Record<string, string | undefined> = {},
  beforeSynth?: (app: App) => void,
) {
  const app: App = await offlineApp({ mode, stage, env: { ...TEST_ENV, ...env }, beforeSynth });
  return {
    app,
    template: (fn: StackFn) => Template.fromStack(stackOf(fn)),
  };
}

/** The resources of one type, by logical id. */
export function resources(template: Template, type: string): Record<string, Json> {
  return Object.fromEntries(Object.entries(template.toJSON().Resources as Record<string, Json>).filter(([, r]) => r.Type === type));
}

/**
 * Turns a CloudFormation string expression into text, writing references as
 * `{Ref:Id}`, `{GetAtt:Id.Attr}` and `{Import:Name}` so JSON built from tokens
 * (state machine definitions, SST's metadata) can be parsed and inspected.
 */
export function flatten(value: Json): string {
  if (typeof value === "string") return value;
  if (value?.Ref) return `{Ref:${value.Ref}}`;
  if (value?.["Fn::GetAtt"]) return `{GetAtt:${value["Fn::GetAtt"].join(".")}}`;
  if (value?.["Fn::ImportValue"]) return `{Import:${flatten(value["Fn::ImportValue"])}}`;
  if (value?.["Fn::Join"]) {
    const [sep, parts] = value["Fn::Join"];
    return parts.map(flatten).join(sep);
  }
  throw new Error(`Cannot flatten ${JSON.stringify(value)}`);
}

/**
 * The handler path of every SST Function of a stack, by logical id, read from
 * the `SSTMetadata` output SST writes in `finish()` (placeholder code keeps
 * the template's Handler at `index.placeholder`).
 */
export function handlersByLogicalId(template: Template): Map<string, string> {
  const metadata = JSON.parse(flatten(template.toJSON().Outputs.SSTMetadata.Value));
  const result = new Map<string, string>();
  for (const item of metadata.metadata as Json[]) {
    if (item.type !== "Function") continue;
    const match = /^\{GetAtt:(.+)\.Arn\}$/.exec(item.data.arn);
    if (!match) throw new Error(`Unexpected function ARN in metadata: ${item.data.arn}`);
    result.set(match[1]!, item.data.handler);
  }
  return result;
}

/** The logical id behind `{ "Fn::GetAtt": [id, "Arn"] }`. */
export function arnTarget(value: Json): string {
  const getAtt = value?.["Fn::GetAtt"];
  if (!getAtt || getAtt[1] !== "Arn") throw new Error(`Not a GetAtt Arn: ${JSON.stringify(value)}`);
  return getAtt[0];
}

/** All IAM statements of the policies attached to a role (by the role's logical id). */
export function statementsOfRole(template: Template, roleId: string): Json[] {
  return Object.values(resources(template, "AWS::IAM::Policy"))
    .filter((p) => p.Properties.Roles.some((r: Json) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

export const actionsOf = (statement: Json): string[] => [statement.Action].flat();
