/** Runs cdk-nag's AwsSolutions and Serverless packs over prod stacks, with NAG_SUPPRESSIONS applied. */
import { Aspects, CfnResource, type Stack } from "aws-cdk-lib";
import { AwsSolutionsChecks, NagSuppressions, ServerlessChecks } from "cdk-nag";
import type { App } from "sst/constructs";
import { NAG_SUPPRESSIONS } from "../nag-suppressions";
import { stackOf } from "../offline";
import type { BuildMode } from "../offline";
import { build, type StackFn } from "./harness";

function suppress(stack: Stack) {
  for (const resource of stack.node.findAll()) {
    if (!(resource instanceof CfnResource)) continue;
    const path = `/${resource.node.path}`;
    const applicable = NAG_SUPPRESSIONS.filter((s) => s.resources.test(path)).map((s) => ({ id: s.rule, reason: s.reason }));
    if (applicable.length) NagSuppressions.addResourceSuppressions(resource, applicable);
  }
}

/** The unsuppressed errors of each stack, as `rule path` lines. */
export async function nagErrors(mode: BuildMode, fns: StackFn[]): Promise<string[]> {
  let built: App | undefined;
  const { app } = await build(mode, "prod", {}, (app) => {
    built = app;
    for (const fn of fns) suppress(stackOf(fn));
    Aspects.of(app).add(new AwsSolutionsChecks());
    Aspects.of(app).add(new ServerlessChecks());
  });
  const assembly = (built ?? app).synth();
  return fns.flatMap((fn) =>
    assembly
      .getStackArtifact(stackOf(fn).artifactId)
      .messages.filter((m) => m.level === "error")
      .map((m) => `${String(m.entry.data).split(":")[0]} ${m.id}`),
  );
}
