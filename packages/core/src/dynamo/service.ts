import { Service } from "electrodb";
import { config } from "../config";
import { documentClient } from "./client";
import { ConfirmationCode } from "./entities/confirmation-code";
import { ContactRequest } from "./entities/contact-request";
import { Deadline } from "./entities/deadline";
import { ErrorLog } from "./entities/error-log";
import { FailedAttempt } from "./entities/failed-attempt";
import { Faq } from "./entities/faq";
import { FeaturedShowcase } from "./entities/featured-showcase";
import { ImageRequest } from "./entities/image-request";
import { Lock } from "./entities/lock";
import { Payment } from "./entities/payment";
import { PaymentProcessorId } from "./entities/payment-processor-id";
import { Plan } from "./entities/plan";
import { PointsLedger } from "./entities/points-ledger";
import { ProviderCheck } from "./entities/provider-check";
import { ProviderSlot } from "./entities/provider-slot";
import { RateLimit } from "./entities/rate-limit";
import { RenderBlock } from "./entities/render-block";
import { RenderJob } from "./entities/render-job";
import { RenderMedia } from "./entities/render-media";
import { ReviewComment } from "./entities/review-comment";
import { ReviewDecision } from "./entities/review-decision";
import { ReviewLink } from "./entities/review-link";
import { Screenplay } from "./entities/screenplay";
import { Session } from "./entities/session";
import { ShowcaseEntry } from "./entities/showcase-entry";
import { ShowcaseReport } from "./entities/showcase-report";
import { SubscriptionEvent } from "./entities/subscription-event";
import { Unique } from "./entities/unique";
import { User } from "./entities/user";
import { UserSubscription } from "./entities/user-subscription";
import { VideoJob } from "./entities/video-job";

/** Every record of the product, in one table. */
export const db = new Service(
  {
    user: User,
    unique: Unique,
    session: Session,
    confirmationCode: ConfirmationCode,
    failedAttempt: FailedAttempt,
    screenplay: Screenplay,
    renderJob: RenderJob,
    renderBlock: RenderBlock,
    renderMedia: RenderMedia,
    imageRequest: ImageRequest,
    videoJob: VideoJob,
    errorLog: ErrorLog,
    pointsLedger: PointsLedger,
    payment: Payment,
    paymentProcessorId: PaymentProcessorId,
    contactRequest: ContactRequest,
    userSubscription: UserSubscription,
    subscriptionEvent: SubscriptionEvent,
    showcaseEntry: ShowcaseEntry,
    featuredShowcase: FeaturedShowcase,
    showcaseReport: ShowcaseReport,
    faq: Faq,
    plan: Plan,
    rateLimit: RateLimit,
    deadline: Deadline,
    providerCheck: ProviderCheck,
    providerSlot: ProviderSlot,
    lock: Lock,
    reviewLink: ReviewLink,
    reviewComment: ReviewComment,
    reviewDecision: ReviewDecision,
  },
  { client: documentClient, table: config.tableName },
);
