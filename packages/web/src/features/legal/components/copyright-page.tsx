import { Link } from "react-router-dom";
import { COPYRIGHT_EMAIL, OPERATOR_NAME, POSTAL_ADDRESS } from "../../../config/legal";
import { LegalPage, type LegalSection } from "./legal-page";

const SECTIONS: LegalSection[] = [
  {
    title: "Reporting Copyright Infringement",
    body: (
      <>
        <p>
          If you believe that material on the Service, such as an uploaded screenplay or a showcase entry, infringes a copyright
          you own or are authorised to act for, send a written notice to our designated agent (below) that includes:
        </p>
        <ul>
          <li>your full name;</li>
          <li>your postal address;</li>
          <li>your e-mail address;</li>
          <li>your telephone number;</li>
          <li>a description of the copyrighted work you say has been infringed;</li>
          <li>the location of the material you say infringes it, such as the showcase page address, precise enough for us to find it;</li>
          <li>a statement that you believe in good faith that the use is not authorised by the copyright owner, its agent or the law;</li>
          <li>a statement that the information in your notice is accurate and, under penalty of perjury, that you are the owner or authorised to act on the owner's behalf;</li>
          <li>your physical or electronic signature.</li>
        </ul>
        <p>
          We may remove or disable access to the material and will tell the user who posted it. Notices that leave out these
          elements may not be acted on. Knowingly misrepresenting that material infringes may make you liable for damages.
        </p>
      </>
    ),
  },
  {
    title: "Designated Copyright Agent",
    body: (
      <>
        <p>Send notices and counter-notifications to:</p>
        <p>
          <strong>Copyright Agent, {OPERATOR_NAME}</strong>
          <br />
          E-mail: <a href={`mailto:${COPYRIGHT_EMAIL}`}>{COPYRIGHT_EMAIL}</a>
          <br />
          Postal address: {POSTAL_ADDRESS}
        </p>
        <p>This address is for copyright matters only; other messages sent there will not receive a reply.</p>
      </>
    ),
  },
  {
    title: "Repeat Infringers",
    body: (
      <p>
        We keep track of valid notices against each account. Accounts of users who repeatedly infringe others' copyrights may be
        terminated at our discretion, and their content removed.
      </p>
    ),
  },
  {
    title: "Counter-Notification",
    body: (
      <>
        <p>
          If your material was removed and you believe this was a mistake or that you had the right to use it, you may send our
          agent a counter-notification that includes:
        </p>
        <ul>
          <li>your name, postal address, e-mail address and telephone number;</li>
          <li>identification of the material that was removed and where it appeared before removal;</li>
          <li>a statement, under penalty of perjury, that you believe in good faith the material was removed as a result of mistake or misidentification;</li>
          <li>a statement that you consent to the jurisdiction of the federal district court for your address (or, if you live outside the United States, any judicial district in which we may be found), and that you will accept service of process from the person who sent the original notice;</li>
          <li>your physical or electronic signature.</li>
        </ul>
        <p>
          We will forward the counter-notification to the person who sent the original notice. Unless they tell us within 10 to
          14 business days that they have filed a court action to keep the material down, we may restore it.
        </p>
      </>
    ),
  },
  {
    title: "Modifications",
    body: (
      <p>
        We may change this policy from time to time. We will announce changes by e-mail to registered users or on this page, with
        a new effective date. See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    ),
  },
];

export function CopyrightPage() {
  return (
    <LegalPage
      title="Copyright Policy"
      intro={
        <p>
          {OPERATOR_NAME} respects the rights of writers and other creators and expects its users to do the same. This policy
          explains how to report material you believe infringes your copyright, in line with the US Digital Millennium Copyright
          Act, and how users can respond.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
