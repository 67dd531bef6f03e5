import { SendEmailCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { config, localClientOptions } from "../config";
import { singleLine } from "../plain-text";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notifications. */
  headers?: Record<string, string>;
  /** Where replies go, when not to us (a contact request: the sender). */
  replyTo?: string;
}

let client: SESv2Client | undefined;
const ses = () => (client ??= new SESv2Client(localClientOptions(config.endpoints.ses)));

/** Sends one e-mail through SES (locally: the SES stand-in, whose /store lists it). */
export async function sendMail(mail: Mail): Promise<string | undefined> {
  const result = await ses().send(
    new SendEmailCommand({
      FromEmailAddress: config.mailFrom,
      Destination: { ToAddresses: [mail.to] },
      ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
      Content: {
        Simple: {
          // A name stored before the schemas stripped controls must still not add a header.
          Subject: { Data: singleLine(mail.subject), Charset: "UTF-8" },
          Body: {
            Text: { Data: mail.text, Charset: "UTF-8" },
            Html: { Data: mail.html, Charset: "UTF-8" },
          },
          Headers: mail.headers ? Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
        },
      },
    }),
  );
  return result.MessageId;
}
