import { CfnResource, type IAspect, RemovalPolicy } from "aws-cdk-lib";
import type { IConstruct } from "constructs";

/**
 * What prod keeps when a resource leaves the template: only data (the table, the buckets and the user pool).
 * Everything else, a route's function, a cron's rule, a role, is deleted with its removal from the
 * template, so a route taken out of `routes.ts` or a cron out of the jobs table stops with the next deploy.
 * (Other stages destroy everything: sst.config.ts.)
 */
const data = new WeakSet<IConstruct>();

/** Marks a resource (an L2 construct or its CloudFormation resource) as data prod keeps. */
export function keepInProd(resource: IConstruct) {
  const cfn = resource instanceof CfnResource ? resource : resource.node.defaultChild;
  if (!(cfn instanceof CfnResource)) throw new Error(`${resource.node.path} has no CloudFormation resource to keep.`);
  data.add(cfn);
}

/** Prod's removal policies: retain what keepInProd marked, destroy the rest (CDK's own default retains some). */
export class RetainOnlyData implements IAspect {
  visit(node: IConstruct) {
    if (node instanceof CfnResource) node.applyRemovalPolicy(data.has(node) ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
  }
}
