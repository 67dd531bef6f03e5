import { Link } from "react-router-dom";
import { CONTACT_EMAIL, COPYRIGHT_EMAIL, GOVERNING_LAW, OPERATOR_NAME, POSTAL_ADDRESS } from "../../../config/legal";
import { LegalPage, type LegalSection } from "./legal-page";

/** docs/product.md#web: eighteen numbered sections, in this order. */
export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: "Use of the Service",
    body: (
      <>
        <p>
          {OPERATOR_NAME} turns screenplays you upload into styled storyboard videos with generated images and voice narration
          (the "Service"). You may use the Service only in line with these Terms and all laws that apply to you.
        </p>
        <p>
          You must be at least 13 years old to use the Service. If you use it on behalf of a company or other organisation, you
          confirm that you may bind that organisation to these Terms.
        </p>
      </>
    ),
  },
  {
    title: "Accounts",
    body: (
      <>
        <p>
          You need an account to upload screenplays and create renders. Give us accurate information, keep your password to
          yourself, and tell us promptly at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> if you think someone else has
          used your account. You are responsible for what happens under your account.
        </p>
        <p>
          You may sign in with an e-mail address and password (confirmed with a code we e-mail to you) or with Google. One person
          may not hold several accounts to collect the sign-up or referral bonuses more than once.
        </p>
      </>
    ),
  },
  {
    title: "Payments and Subscriptions",
    body: (
      <>
        <p>
          Renders are paid for with points. You can buy points outright or take a subscription that credits points every billing
          period at a discounted rate. Prices are shown in US dollars on the <Link to="/pricing">pricing page</Link> before you
          pay, and payments are handled by our card payment processor; we never see or store your full card number.
        </p>
        <p>
          Subscriptions renew automatically until cancelled. Upgrades take effect at once with a prorated charge; downgrades take
          effect at the start of the next billing period. Cancelling stops future renewals and the subscriber discount but does
          not remove points you have already purchased. Except where the law requires otherwise, payments are not refundable.
        </p>
      </>
    ),
  },
  {
    title: "Your Content and Rights",
    body: (
      <>
        <p>
          You keep every right you hold in the screenplays you upload and in the renders made from them. You may upload only
          material that you own or have permission to use, and you confirm this each time you upload.
        </p>
        <p>
          So that we can run the Service, you give us a worldwide, non-exclusive, royalty-free licence to store, copy, process and
          display your content, and to send it to our service providers, only as needed to provide the Service to you, to keep it
          safe, and to show it publicly where you choose to (see Public Showcase). This licence ends when your content is deleted,
          except for copies kept in backups for a limited time or where the law requires us to keep them.
        </p>
      </>
    ),
  },
  {
    title: "AI-Generated Content Disclosure",
    body: (
      <>
        <p>
          Character and scene descriptions, images and narration are produced by artificial-intelligence models run by us and by
          third-party providers. Generated output can be inaccurate, inconsistent between frames, or resemble existing material,
          and similar prompts can produce similar results for other users.
        </p>
        <p>
          Review what you receive before you rely on it or publish it. To the extent we hold any rights in the output generated
          for you, we assign them to you; we make no promise that output can be protected by copyright where you live.
        </p>
      </>
    ),
  },
  {
    title: "Content Moderation",
    body: (
      <>
        <p>
          Uploaded screenplays are checked automatically against our content rules before processing. A screenplay may be
          accepted with warnings, or blocked; when that happens we show you which passages were flagged and why, so you can revise
          and try again.
        </p>
        <p>
          We may also review, refuse, remove or stop processing any content that appears to break these Terms or the law. Our
          checks are not a guarantee that any content is lawful or appropriate.
        </p>
      </>
    ),
  },
  {
    title: "Acceptable Use",
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>upload content that infringes someone else's rights or that you have no permission to use;</li>
          <li>create sexual content involving minors, or content that threatens, harasses or incites violence against anyone;</li>
          <li>impersonate real people in a way that deceives or defames them;</li>
          <li>probe, scan or break the security of the Service, or interfere with other users;</li>
          <li>scrape, resell or automate access to the Service without our written permission;</li>
          <li>use the contact features to send spam or unsolicited commercial messages.</li>
        </ul>
      </>
    ),
  },
  {
    title: "Copyright and DMCA",
    body: (
      <p>
        We respect intellectual property and respond to notices of alleged infringement under the US Digital Millennium Copyright
        Act. How to send a notice or a counter-notification, and how we treat repeat infringers, is set out in our{" "}
        <Link to="/copyright">Copyright Policy</Link>. Notices go to our designated agent at{" "}
        <a href={`mailto:${COPYRIGHT_EMAIL}`}>{COPYRIGHT_EMAIL}</a>.
      </p>
    ),
  },
  {
    title: "Public Showcase",
    body: (
      <>
        <p>
          Some accounts may publish a finished render to the public showcase with a title, logline, genre, tags and a display
          name. Showcase entries can be seen by anyone, including people without an account, and may be featured on our home page.
        </p>
        <p>
          You can edit an entry or make it private at any time. Signed-in users can send you a message about a showcase entry
          through the Service; whether and how you answer is up to you.
        </p>
      </>
    ),
  },
  {
    title: "Hosting and Storage",
    body: (
      <p>
        We host generated renders and their files for up to one year after they are created for users without a paid
        subscription, and for as long as a paid subscription stays active for subscribers. After that we may delete them, so
        download anything you want to keep. The Service is not a backup service.
      </p>
    ),
  },
  {
    title: "Points Policy",
    body: (
      <>
        <p>
          New accounts receive 500 free points, and a successful referral earns 500 points. A render costs 100 points per
          screenplay page (at least one page); extra images and video re-renders cost the points shown before you confirm.
          Purchased and granted points do not expire.
        </p>
        <p>
          Points have no cash value, cannot be transferred or sold, and are not refunded when an account is closed. If a render
          fails on our side, the points it used are returned to your balance. We may remove points obtained through fraud,
          duplicate accounts or errors.
        </p>
      </>
    ),
  },
  {
    title: "File Access",
    body: (
      <p>
        While a render is hosted you can view and download its files (video, audio, poster and project archive) from your
        account. Files are not listed publicly unless you publish them to the showcase, but anyone you give a file or a link to
        can pass it on, so share with care. Our staff access your files only to operate, support or secure the Service, or
        where the law requires it.
      </p>
    ),
  },
  {
    title: "Termination",
    body: (
      <p>
        You may stop using the Service and ask us to close your account at any time. We may suspend or close an account that
        breaks these Terms, puts other users or the Service at risk, or that we must close by law; where we reasonably can, we
        will tell you why and give you a chance to download your files first. Sections that by their nature should survive
        termination (including content licences needed to wind down, payments owed, disclaimers, arbitration and governing law)
        survive it.
      </p>
    ),
  },
  {
    title: "Dispute Resolution by Arbitration",
    body: (
      <>
        <p>
          Please contact us first: most concerns can be settled informally. If we cannot resolve a dispute within 60 days, you and
          we agree to resolve it by binding individual arbitration administered by the American Arbitration Association under its
          Consumer Arbitration Rules, rather than in court, except that either side may bring an individual claim in small-claims
          court or seek an injunction to protect intellectual property.
        </p>
        <p>
          Claims may be brought only individually and not as a plaintiff or class member in any class or representative action.
          You may opt out of this section by e-mailing us within 30 days of first accepting these Terms.
        </p>
      </>
    ),
  },
  {
    title: "Governing Law",
    body: (
      <p>
        These Terms are governed by the laws of {GOVERNING_LAW}, without regard to its conflict-of-law rules, and by the US
        Federal Arbitration Act for the arbitration section. Consumer protections that the law of your home country gives you and
        that cannot be waived still apply.
      </p>
    ),
  },
  {
    title: "Electronic Communications",
    body: (
      <p>
        By creating an account you agree to receive e-mails from us about your account, renders, payments and these Terms, and you
        agree that notices we send electronically satisfy any requirement that they be in writing. You can turn off optional
        e-mails, such as marketing messages and the weekly digest, in your settings or with the unsubscribe link in each message.
      </p>
    ),
  },
  {
    title: "Modifications to These Terms",
    body: (
      <p>
        We may update these Terms as the Service changes. When a change is material we will tell you by e-mail or in the Service
        before it takes effect, and we will update the effective date above. If you keep using the Service after a change takes
        effect, the updated Terms apply; if you do not agree, stop using the Service and close your account.
      </p>
    ),
  },
  {
    title: "Contact",
    body: (
      <p>
        Questions about these Terms can be sent to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> or by post to{" "}
        {POSTAL_ADDRESS}.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These Terms of Service govern your use of {OPERATOR_NAME}'s website and services. By creating an account or using the
          Service you agree to them; please read them with our <Link to="/privacy">Privacy Policy</Link> and{" "}
          <Link to="/copyright">Copyright Policy</Link>.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
