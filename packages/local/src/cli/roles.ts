import { parseArgs } from "node:util";
import type { Command } from "@storyboard/core/cli/command";

const USAGE = `Usage: storyboard grant|revoke EMAIL ROLE [--stage NAME] [--table NAME] [--region REGION]
  roles: admin, features
  Without --stage it changes the table of npm start (DynamoDB Local on LOCAL_DYNAMODB_PORT, default 8100; start npm start first).
  With --stage it changes that deployed stage's table (<stage>-storyboard-Table) with your AWS credentials.`;

/**
 * Points the product's data layer at the right table before core is loaded
 * (core reads its settings when first imported): npm start's DynamoDB Local,
 * or a deployed stage.
 */
function configure(values: { stage?: string; table?: string; region?: string }) {
  if (values.stage) {
    delete process.env.DYNAMODB_ENDPOINT;
    process.env.STAGE = values.stage;
    process.env.TABLE_NAME = values.table ?? `${values.stage}-storyboard-Table`;
    if (values.region) process.env.AWS_REGION = values.region;
    return `stage ${values.stage} (table ${process.env.TABLE_NAME})`;
  }
  const port = process.env.LOCAL_DYNAMODB_PORT || "8100";
  process.env.DYNAMODB_ENDPOINT ||= `http://127.0.0.1:${port}`;
  process.env.TABLE_NAME = values.table ?? process.env.TABLE_NAME ?? "storyboard";
  process.env.AWS_ACCESS_KEY_ID ||= "local";
  process.env.AWS_SECRET_ACCESS_KEY ||= "local";
  process.env.LOG_LEVEL ||= "SILENT";
  return `the local table at ${process.env.DYNAMODB_ENDPOINT}`;
}

const refusedConnection = (e: unknown) => /ECONNREFUSED|fetch failed|connect/i.test(String((e as Error)?.message) + String((e as { cause?: unknown })?.cause ?? ""));

/** `storyboard grant` and `storyboard revoke`: the operator's way to give or take the admin and features roles. */
export const roleCommand = (grant: boolean): Command => ({
  summary: `${grant ? "give" : "take away"} a role (admin, features) ${grant ? "to" : "from"} an account`,
  async run(args) {
    let parsed;
    try {
      parsed = parseArgs({ args, allowPositionals: true, options: { stage: { type: "string" }, table: { type: "string" }, region: { type: "string" } } });
    } catch (e) {
      console.error(`${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    const [email, role] = parsed.positionals;
    if (!email || !role || parsed.positionals.length > 2) {
      console.error(USAGE);
      return 2;
    }
    const where = configure(parsed.values);
    const { changeRole } = await import("@storyboard/core/user/roles");
    const { isAppError } = await import("@storyboard/core/error");
    try {
      const result = await changeRole(email, role, grant);
      const verb = grant ? (result.changed ? "Granted" : "Already had") : result.changed ? "Revoked" : "Did not have";
      console.log(`${verb} ${role} ${grant ? "to" : "from"} ${result.email} on ${where}. Roles now: ${result.roles.join(", ") || "(none)"}.`);
      return 0;
    } catch (e) {
      if (isAppError(e)) console.error(`storyboard ${grant ? "grant" : "revoke"}: ${e.message}`);
      else if (!parsed.values.stage && refusedConnection(e)) console.error(`storyboard ${grant ? "grant" : "revoke"}: cannot reach ${where}. Is npm start running?`);
      else console.error(`storyboard ${grant ? "grant" : "revoke"}: ${(e as Error).message}`);
      return 1;
    }
  },
});

export const grant = { command: roleCommand(true) };
export const revoke = { command: roleCommand(false) };
