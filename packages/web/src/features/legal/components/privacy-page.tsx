import { Link } from "react-router-dom";
import { OPERATOR_NAME, POSTAL_ADDRESS, PRIVACY_EMAIL } from "../../../config/legal";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    title: "Information We Collect",
    body: (
      <>
        <p>
          <strong>Account information.</strong> Your e-mail address, an optional full name, your timezone, and your password
          (held by our identity provider as a one-way hash; we never see it in plain text). If you sign in with Google, we receive
          your name and e-mail address from Google.
        </p>
        <p>
          <strong>Your content.</strong> Screenplays you upload, characters you add, the descriptions and settings you choose,
          and everything generated from them: images, narration, videos, posters and project archives.
        </p>
        <p>
          <strong>Payments.</strong> Our card payment processor handles your card. We keep a record of each payment and, to show
          your saved payment methods, the card brand, its last four digits and its expiry month and year.
        </p>
        <p>
          <strong>Usage and technical data.</strong> Pages and features you use, render activity, points transactions, and the
          IP address, browser and device information our servers log when you make a request.
        </p>
        <p>
          <strong>Messages.</strong> If you contact a creator through the showcase, we store your message, the reason you chose,
          and your name and e-mail address so the creator can reply.
        </p>
      </>
    ),
  },
  {
    title: "How We Use Information",
    body: (
      <ul>
        <li>to provide the Service: read your screenplay, generate renders, and let you download and share them;</li>
        <li>to run your account, points balance, payments and subscription;</li>
        <li>to send confirmation codes, render notifications, receipts and, if you allow it, the weekly digest and news;</li>
        <li>to check uploads against our content rules, prevent fraud and abuse, and keep the Service secure;</li>
        <li>to understand how the Service is used so we can fix problems and improve it.</li>
      </ul>
    ),
  },
  {
    title: "AI Processing",
    body: (
      <p>
        To make a render, the text of your screenplay and the descriptions and prompts derived from it are sent to the
        artificial-intelligence providers we work with for text, image, speech and moderation processing. They process it on our
        behalf to return the result, and we send only what each step needs. We do not use your screenplays to train models of our
        own.
      </p>
    ),
  },
  {
    title: "How We Share Information",
    body: (
      <>
        <p>We do not sell your personal information. We share it only:</p>
        <ul>
          <li>with service providers who host, process or deliver the Service for us (cloud hosting, e-mail, payments, AI), under contract and only for that purpose;</li>
          <li>publicly, when you publish a render to the showcase, together with the display name you choose;</li>
          <li>when the law requires it, or to protect the rights, property or safety of our users, the public or us;</li>
          <li>with a buyer or successor if the Service is sold or merged, who must keep this policy's promises.</li>
        </ul>
      </>
    ),
  },
  {
    title: "Cookies and Local Storage",
    body: (
      <p>
        We use one essential cookie to keep you signed in. Your browser's local storage remembers your light or dark theme, a
        referral code from an invitation link until you register, and whether you have seen the welcome message. If you sign in
        with Google, the sign-in library stores its tokens there too. We do not use advertising cookies.
      </p>
    ),
  },
  {
    title: "Data Retention",
    body: (
      <>
        <p>
          <strong>Generated content</strong> (renders and their files) is kept for up to one year for users without a subscription,
          and indefinitely for paid subscribers while their subscription is active.
        </p>
        <p>
          Account information, uploaded screenplays and payment records are kept while your account is open. When you close your
          account we delete or anonymise them within 90 days, except records we must keep by law (such as tax records) and copies
          in backups, which expire on their normal schedule.
        </p>
      </>
    ),
  },
  {
    title: "Security",
    body: (
      <p>
        Data is encrypted in transit and at rest, access is limited to staff who need it, and passwords are never stored by us in
        readable form. No system is perfectly secure; if a breach affects your information we will tell you as the law requires.
      </p>
    ),
  },
  {
    title: "Your Choices and Rights",
    body: (
      <>
        <p>
          You can update your e-mail, name and timezone, and turn each kind of e-mail on or off, in <Link to="/settings">Settings</Link>;
          every optional e-mail also has an unsubscribe link.
        </p>
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete your personal information, or
          to object to how we use it. Write to <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a> and we will answer within
          30 days. You may also complain to your local data protection authority.
        </p>
      </>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        The Service is not meant for children. You must be at least 13 years old to create an account, and we do not knowingly
        collect information from anyone younger. If you believe a child under 13 has given us information, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    title: "International Transfers",
    body: (
      <p>
        We and our providers process information in the United States and other countries whose data protection laws may differ
        from yours. Where required, we rely on standard contractual clauses or similar safeguards for these transfers.
      </p>
    ),
  },
  {
    title: "Changes to This Policy",
    body: (
      <p>
        We will post any change on this page with a new effective date, and tell you by e-mail or in the Service before a material
        change takes effect.
      </p>
    ),
  },
  {
    title: "Contact Us",
    body: (
      <p>
        Questions about privacy: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>, or by post to {POSTAL_ADDRESS}.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information {OPERATOR_NAME} collects when you use our website and services, how we use it, and
          the choices you have. It forms part of our <Link to="/terms">Terms of Service</Link>.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
