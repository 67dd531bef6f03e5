/** The review activity e-mail: who said what on which render, and a way to the render page. */
import { greetingName, layout, type MailRecipient, type RenderedMail, renderLink, renderParts } from "../notification/templates";

interface ActivityMailInput {
  recipient: MailRecipient;
  render: { id: string; title: string };
  linkName: string;
  comments: { name: string; text: string }[];
  decisions: { name: string; decision: "approved" | "changes_requested"; note?: string }[];
}

const SHOWN_COMMENTS = 5;
const EXCERPT = 200;

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT ? `${line.slice(0, EXCERPT - 1)}…` : line;
};

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

export function reviewActivityMail({ recipient, render, linkName, comments, decisions }: ActivityMailInput): RenderedMail {
  const { footer, headers } = renderParts(recipient);
  const names = [...new Set([...comments, ...decisions].map((x) => x.name))];
  const who = names.length <= 2 ? names.join(" and ") : `${names.slice(0, 2).join(", ")} and others`;
  const paragraphs = [`Hi ${greetingName(recipient)},`];
  if (comments.length) paragraphs.push(`${plural(comments.length, "new comment")} on "${render.title}" through your review link "${linkName}":`);
  for (const c of comments.slice(0, SHOWN_COMMENTS)) paragraphs.push(`${c.name}: "${excerpt(c.text)}"`);
  if (comments.length > SHOWN_COMMENTS) paragraphs.push(`…and ${plural(comments.length - SHOWN_COMMENTS, "more comment")}.`);
  for (const d of decisions) {
    const what = d.decision === "approved" ? `${d.name} approved "${render.title}".` : `${d.name} requested changes to "${render.title}".`;
    paragraphs.push(d.note ? `${what} Note: "${excerpt(d.note)}"` : what);
  }
  return {
    ...layout({
      subject: `${who} left review notes on "${render.title}"`,
      paragraphs,
      action: { label: "Read and reply", url: renderLink(render.id) },
      footer,
    }),
    headers,
  };
}
