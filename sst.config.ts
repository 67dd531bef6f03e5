import { Aspects } from "aws-cdk-lib";
import type { SSTConfig } from "sst";
import { Alerts } from "./stacks/alarms";
import { Api } from "./stacks/api";
import { Auth } from "./stacks/auth";
import { nodejsBundling } from "./stacks/bundling";
import { Jobs } from "./stacks/jobs";
import { Monitoring } from "./stacks/monitoring";
import { RetainOnlyData } from "./stacks/removal";
import { Render } from "./stacks/render";
import { Secrets } from "./stacks/secrets";
import { logRetention, settings } from "./stacks/settings";
import { Storage } from "./stacks/storage";
import { Web } from "./stacks/web";

/** In dependency order: each stack only `use`s the ones before it. */
export const STACKS = [Secrets, Alerts, Storage, Auth, Render, Api, Jobs, Web, Monitoring];

export default {
  config() {
    return { name: "storyboard", region: "us-east-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      runtime: "nodejs22.x",
      architecture: "x86_64",
      logRetention: logRetention(settings(app).logRetentionDays),
      ...nodejsBundling,
    });
    // Stages other than prod are disposable (buckets emptied too); prod keeps only its data
    // (stacks/removal.ts), so a resource taken out of the code goes from the account.
    if (app.stage === "prod") Aspects.of(app).add(new RetainOnlyData());
    else app.setDefaultRemovalPolicy("destroy");
    for (const stack of STACKS) app.stack(stack);
  },
} satisfies SSTConfig;
