import {
  DEFINITIONS,
  ENDED_UNFINISHED,
  PHASE_TIMEOUT_SECONDS,
  PHASES,
  type Phase,
  TASK,
  tasksOf,
  TASK_TIMEOUT_SECONDS,
  type TaskName,
} from "@storyboard/core/render/workflow";
import { TASK_HANDLERS } from "@storyboard/functions/task-handlers";
import { ArnFormat, Duration } from "aws-cdk-lib";
import * as events from "aws-cdk-lib/aws-events";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as iam from "aws-cdk-lib/aws-iam";
import { SqsDestination } from "aws-cdk-lib/aws-lambda-destinations";
import * as logs from "aws-cdk-lib/aws-logs";
import * as sfn from "aws-cdk-lib/aws-stepfunctions";
import { Function, type FunctionProps, type StackContext, use } from "sst/constructs";
import { grantStorage, providerEnvironment, sesSendStatement, storageEnvironment } from "./access";
import { Alerts, alarm, deadLetterQueue } from "./alarms";
import { Secrets } from "./secrets";
import { settings } from "./settings";
import { Storage } from "./storage";

/** Per-task sizing: media work wants memory and time, bookkeeping does not. */
const TASK_SIZING: Record<TaskName, Pick<FunctionProps, "timeout" | "memorySize" | "diskSize">> = {
  Describe: { timeout: TASK_TIMEOUT_SECONDS.Describe, memorySize: 1024 },
  PlanBlocks: { timeout: TASK_TIMEOUT_SECONDS.PlanBlocks, memorySize: 512 },
  GenerateBlock: { timeout: TASK_TIMEOUT_SECONDS.GenerateBlock, memorySize: 2048, diskSize: 2048 },
  AssetsGenerated: { timeout: TASK_TIMEOUT_SECONDS.AssetsGenerated, memorySize: 512 },
  // The compile phase is split so that no task comes near Lambda's 15 minutes or
  // its memory at 200 pages (docs/decisions.md#scale). A segment is at most 40
  // clips or 5 minutes of video: ffmpeg (x264 uses every vCPU: 3008 MB gives two)
  // and its stills, a few hundred MB of /tmp.
  PlanCompile: { timeout: TASK_TIMEOUT_SECONDS.PlanCompile, memorySize: 1024 },
  CompileSegment: { timeout: TASK_TIMEOUT_SECONDS.CompileSegment, memorySize: 3008, diskSize: 2048 },
  // The narration clips of a whole feature (about 0.5 GB of WAV at 200 pages), its mix pieces and master chunks,
  // several at once (docs/decisions.md#a-master-in-chunks): 5308 MB gives three vCPUs, so a feature's first
  // render, which mixes and encodes every piece, stays well inside the task's 15 minutes.
  CompileAudio: { timeout: TASK_TIMEOUT_SECONDS.CompileAudio, memorySize: 5308, diskSize: 4096 },
  // Every still and narration clip and the stems on /tmp; the zip of them is streamed to S3 as it is made.
  PackageRender: { timeout: TASK_TIMEOUT_SECONDS.PackageRender, memorySize: 2048, diskSize: 10240 },
  // The segments, the narration and the joined video (a stream copy, streamed to and from S3).
  JoinVideo: { timeout: TASK_TIMEOUT_SECONDS.JoinVideo, memorySize: 1024, diskSize: 10240 },
  // The outputs' records and the render's completion: no media.
  FinishCompile: { timeout: TASK_TIMEOUT_SECONDS.FinishCompile, memorySize: 512 },
  MarkFailed: { timeout: TASK_TIMEOUT_SECONDS.MarkFailed, memorySize: 512 },
};

/**
 * Reserved concurrency of the fan-out tasks (a Map runs up to 10 of them per render): renders share
 * the account's Lambda pool with the API, and these caps keep them from taking all of it. A throttled
 * task is retried by the definitions (Lambda.TooManyRequestsException, then the task's own retry).
 */
export const FANOUT_CONCURRENCY: Partial<Record<TaskName, number>> = { GenerateBlock: 100, CompileSegment: 50 };

/**
 * The render phases (docs/architecture.md#render-phases): three Standard state machines built
 * from core's ASL, and one Lambda per task.
 */
export function Render({ stack, app }: StackContext) {
  const storage = use(Storage);
  const { topic } = use(Alerts);
  const { providerSecrets, parameters } = use(Secrets);
  const { siteUrl, mailFrom, supportEmail, logRetentionDays } = settings(app);

  // Tasks start the next phase themselves (Describe starts generate, AssetsGenerated starts
  // compile). The machines' ARNs are built from their names: referring to the machines would
  // make machine -> function -> role policy -> machine a CloudFormation cycle.
  const machineName = (phase: Phase) => `${app.stage}-${app.name}-render-${phase}`;
  const machineArn = (phase: Phase) =>
    stack.formatArn({
      service: "states",
      resource: "stateMachine",
      resourceName: machineName(phase),
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
  const phaseEnvironment = {
    DESCRIBE_STATE_MACHINE_ARN: machineArn("describe"),
    GENERATE_STATE_MACHINE_ARN: machineArn("generate"),
    COMPILE_STATE_MACHINE_ARN: machineArn("compile"),
  };
  const startPhases = new iam.PolicyStatement({ actions: ["states:StartExecution"], resources: PHASES.map(machineArn) });

  const environment = {
    STAGE: app.stage,
    APP_URL: siteUrl,
    MAIL_FROM: mailFrom,
    SUPPORT_EMAIL: supportEmail,
    ...storageEnvironment(storage),
    ...phaseEnvironment,
    ...providerEnvironment(),
  };

  const functions = {} as Record<TaskName, Function>;
  for (const task of Object.values(TASK)) {
    const fn = new Function(stack, `${task}Task`, {
      handler: `packages/functions/src/${TASK_HANDLERS[task]}.handler`,
      ...TASK_SIZING[task],
      reservedConcurrentExecutions: FANOUT_CONCURRENCY[task],
      environment: { ...environment, RENDER_TASK: task },
      bind: [...providerSecrets, parameters.APP_URL, parameters.MAIL_FROM],
      permissions: [sesSendStatement(stack), startPhases],
    });
    grantStorage(fn, storage);
    functions[task] = fn;
  }
  const resolve = (task: TaskName) => functions[task].functionArn;

  // Failed and timed-out executions, with their error but without the render's data.
  const machineLogs = new logs.LogGroup(stack, "StateMachineLogs", {
    logGroupName: `/aws/vendedlogs/states/${app.stage}-${app.name}-render`,
    retention: logRetentionDays as logs.RetentionDays,
  });
  const machines = {} as Record<Phase, sfn.StateMachine>;
  for (const phase of PHASES) {
    const definition = DEFINITIONS[phase](resolve);
    const machine = new sfn.StateMachine(stack, `${capitalize(phase)}StateMachine`, {
      stateMachineName: machineName(phase),
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(stack.toJsonString(definition)),
      timeout: Duration.seconds(PHASE_TIMEOUT_SECONDS[phase]),
      tracingEnabled: true,
      logs: { destination: machineLogs, level: sfn.LogLevel.ERROR, includeExecutionData: false },
    });
    for (const task of tasksOf(definition)) functions[task].grantInvoke(machine);
    machines[phase] = machine;
    alarm(stack, app, topic, `${capitalize(phase)}Failed`, {
      title: `Render phase ${phase}: executions failed`,
      metric: machine.metricFailed({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 0,
    });
    alarm(stack, app, topic, `${capitalize(phase)}TimedOut`, {
      title: `Render phase ${phase}: executions timed out`,
      metric: machine.metricTimedOut({ period: Duration.minutes(5), statistic: "Sum" }),
      threshold: 0,
    });
  }

  // An execution that ends unfinished (TIMED_OUT and ABORTED never reach MarkFailed) fails and
  // refunds its render (docs/decisions.md#hardening).
  const executionStatus = new Function(stack, "ExecutionStatusHandler", {
    handler: "packages/functions/src/render/execution-status.handler",
    timeout: 60,
    memorySize: 512,
    environment,
    bind: [parameters.APP_URL, parameters.MAIL_FROM],
    permissions: [sesSendStatement(stack)],
  });
  grantStorage(executionStatus, storage);
  // An ended execution whose render could not be settled (every retry failed) or whose event could not
  // be delivered waits here; the stuck-work job settles the render at its deadline anyway.
  const settleFailures = deadLetterQueue(stack, app, topic, "ExecutionEndedFailures", "Render settlement");
  executionStatus.configureAsyncInvoke({ onFailure: new SqsDestination(settleFailures), retryAttempts: 2, maxEventAge: Duration.hours(6) });
  new events.Rule(stack, "RenderExecutionEnded", {
    description: "A render phase's execution ended FAILED, TIMED_OUT or ABORTED",
    eventPattern: {
      source: ["aws.states"],
      detailType: ["Step Functions Execution Status Change"],
      detail: { status: [...ENDED_UNFINISHED], stateMachineArn: PHASES.map((phase) => machines[phase].stateMachineArn) },
    },
    targets: [
      new targets.LambdaFunction(executionStatus, { retryAttempts: 8, maxEventAge: Duration.hours(6), deadLetterQueue: settleFailures }),
    ],
  });

  // On-demand frames, drawn after their request answered (docs/decisions.md#on-demand-frames). Its limit sits
  // between the work's own (240 s, render/on-demand-image.ts) and the charge's deadline (300 s), after which
  // the sweeper refunds; Lambda's own retries of an async invocation are off, so a frame is drawn at most once.
  const imageWork = new Function(stack, "ImageWorkTask", {
    handler: "packages/functions/src/render/image-work.handler",
    timeout: 270,
    memorySize: 1024,
    environment: { ...environment, RENDER_TASK: "ImageWork" },
    bind: [...providerSecrets, parameters.APP_URL, parameters.MAIL_FROM],
  });
  grantStorage(imageWork, storage);
  // A frame whose work never ran is refunded by the sweeper at its deadline; the queue and its alarm tell the operator.
  const imageWorkFailures = deadLetterQueue(stack, app, topic, "ImageWorkFailures", "On-demand frame work");
  imageWork.configureAsyncInvoke({ onFailure: new SqsDestination(imageWorkFailures), retryAttempts: 0, maxEventAge: Duration.minutes(5) });

  stack.addOutputs({
    DescribeStateMachineArn: machines.describe.stateMachineArn,
    GenerateStateMachineArn: machines.generate.stateMachineArn,
    CompileStateMachineArn: machines.compile.stateMachineArn,
  });

  return {
    machines,
    functions,
    imageWork,
    /** The variables the API reads to start a phase or an on-demand frame. */
    environment: {
      IMAGE_WORK_FUNCTION_NAME: imageWork.functionName,
      DESCRIBE_STATE_MACHINE_ARN: machines.describe.stateMachineArn,
      GENERATE_STATE_MACHINE_ARN: machines.generate.stateMachineArn,
      COMPILE_STATE_MACHINE_ARN: machines.compile.stateMachineArn,
    },
  };
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1);
