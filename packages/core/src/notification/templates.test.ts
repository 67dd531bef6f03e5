import { confirmationCodeMail, oneClickUnsubscribeUrl, renderCompleteMail, renderFailedMail, renderStartedMail, unsubscribeLink } from "./templates";

const recipient = { email: "a@example.com", fullName: "Ada <script>", username: "ada", unsubscribeToken: "u1.secret" };
const render = { id: "r-1", title: 'My "Film" & more' };

describe("mail templates", () => {
  it("puts the code in the subject, the text and the HTML", () => {
    const mail = confirmationCodeMail({ code: "042917", purpose: "register", validMinutes: 4 });
    expect(mail.subject).toContain("042917");
    expect(mail.text).toContain("042917");
    expect(mail.text).toContain("expires in 4 minutes");
    expect(mail.html).toContain("042917");
    expect(confirmationCodeMail({ code: "1", purpose: "resetPassword", validMinutes: 4 }).subject).toMatch(/password reset/);
  });

  it("escapes user text in HTML and keeps it plain in text", () => {
    const mail = renderCompleteMail({ recipient, render });
    expect(mail.html).toContain("Ada &lt;script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("My &quot;Film&quot; &amp; more");
    expect(mail.text).toContain('My "Film" & more');
  });

  it("carries unsubscribe links with the user's token, and a List-Unsubscribe header", () => {
    const mail = renderStartedMail({ recipient, render });
    const link = unsubscribeLink("u1.secret", "renderNotifications");
    expect(link).toMatch(/\/unsubscribe\?token=u1.secret&setting=renderNotifications$/);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(unsubscribeLink("u1.secret", "emailNotifications"));
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<${oneClickUnsubscribeUrl("u1.secret", "renderNotifications")}>`);
    expect(mail.text).toContain("/renders/r-1");
  });

  it("mentions a refund only when there was one", () => {
    expect(renderFailedMail({ recipient, render, refundedPoints: 300 }).text).toContain("We refunded 300 points");
    expect(renderFailedMail({ recipient, render }).text).not.toContain("refunded");
  });
});
