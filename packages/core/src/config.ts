/**
 * Everything the server reads from its environment, in one place. On AWS the
 * stacks set these variables; `npm start` and the tests set them for the local
 * stand-ins. Every variable is listed with a comment in `.env.example`.
 */
const env = (name: string, fallback?: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : value;
};

export const config = {
  get stage() {
    return env("STAGE", "local")!;
  },
  get region() {
    return env("AWS_REGION", "us-east-1")!;
  },
  get tableName() {
    return env("TABLE_NAME", "storyboard")!;
  },
  get uploadsBucket() {
    return env("UPLOADS_BUCKET", "storyboard-uploads")!;
  },
  get mediaBucket() {
    return env("MEDIA_BUCKET", "storyboard-media")!;
  },
  /** Where the web asks for media files: `/api/media/`, which answers with a signed address (`/api/env` hands it to the web). */
  get mediaUrlPrefix() {
    return env("MEDIA_URL_PREFIX", "")!;
  },
  get appUrl() {
    return env("APP_URL", "http://localhost:3000")!;
  },
  get mailFrom() {
    return env("MAIL_FROM", "Storyboard <no-reply@storyboard.local>")!;
  },
  /** Where replies to account notices go (Reply-To), since MAIL_FROM is a no-reply sender (docs/decisions.md#e-mail-headers-and-replies). */
  get supportEmail() {
    return env("SUPPORT_EMAIL", "support@storyboard.app")!;
  },
  get userPoolId() {
    return env("USER_POOL_ID");
  },
  get userPoolClientId() {
    return env("USER_POOL_CLIENT_ID");
  },
  get cognitoDomain() {
    return env("COGNITO_DOMAIN");
  },
  /** Origin of the user pool's token issuer when it is not real Cognito's (the local stand-in). */
  get cognitoIssuerDomain() {
    return env("COGNITO_ISSUER_DOMAIN");
  },
  get tutorialVideoUrl() {
    return env("TUTORIAL_VIDEO_URL");
  },
  /** The media bucket's address in signed URLs when it is not S3's own (the local server's `/media`). */
  get mediaPublicEndpoint() {
    return env("MEDIA_PUBLIC_ENDPOINT");
  },
  /** Endpoints of the local stand-ins; unset on AWS. */
  endpoints: {
    get dynamodb() {
      return env("DYNAMODB_ENDPOINT");
    },
    get s3() {
      return env("S3_ENDPOINT");
    },
    get ses() {
      return env("SES_ENDPOINT");
    },
    get cognito() {
      return env("COGNITO_ENDPOINT");
    },
    get stepFunctions() {
      return env("SFN_ENDPOINT");
    },
  },
};

/** Extra client options for an AWS SDK client talking to a local stand-in. */
export const localClientOptions = (endpoint: string | undefined) =>
  endpoint
    ? {
        endpoint,
        region: config.region,
        credentials: {
          accessKeyId: process.env.AWS_ACCESS_KEY_ID || "local",
          secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || "local",
        },
      }
    : { region: config.region };
