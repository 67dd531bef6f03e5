import { reviewActivityMail } from "./mail-template";

const recipient = { email: "w@example.com", fullName: "Rosa", unsubscribeToken: "u1.tok" };

describe("the review activity e-mail", () => {
  it("names who said what, escapes their words and unsubscribes from render e-mails", () => {
    const mail = reviewActivityMail({
      recipient,
      render: { id: "r1", title: "Night Desk" },
      linkName: "For Dana",
      comments: [{ name: "Dana", text: "<b>Too</b>   dark" }],
      decisions: [{ name: "Dana", decision: "approved" }],
    });
    expect(mail.subject).toBe('Dana left review notes on "Night Desk"');
    expect(mail.text).toContain('1 new comment on "Night Desk" through your review link "For Dana":');
    expect(mail.text).toContain('Dana: "<b>Too</b> dark"');
    expect(mail.text).toContain('Dana approved "Night Desk".');
    expect(mail.html).toContain("&lt;b&gt;Too&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Too</b>");
    expect(mail.headers?.["List-Unsubscribe"]).toContain("setting=renderNotifications");
  });

  it("shows five comments and counts the rest; three names read as two and others", () => {
    const comments = ["Ann", "Bo", "Cy", "Ann", "Ann", "Ann", "Ann"].map((name, i) => ({ name, text: `note ${i}` }));
    const mail = reviewActivityMail({ recipient, render: { id: "r1", title: "T" }, linkName: "L", comments, decisions: [] });
    expect(mail.subject).toBe('Ann, Bo and others left review notes on "T"');
    expect(mail.text).toContain('Ann: "note 4"');
    expect(mail.text).not.toContain("note 5");
    expect(mail.text).toContain("…and 2 more comments.");
  });
});
