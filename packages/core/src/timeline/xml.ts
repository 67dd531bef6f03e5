import { XMLBuilder } from "fast-xml-parser";

const options = { ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true } as const;
/** Attributes as `@_name`, text as `#text`. Indented for a reader... */
const indented = new XMLBuilder({ ...options, format: true, indentBy: "  " });
/** ...except where an element mixes text and elements (FCPXML's <text>), where indentation would become part of the text. */
const compact = new XMLBuilder({ ...options, format: false });

/** A document with its XML declaration and DOCTYPE (which XMLBuilder does not write). */
export function xmlDocument(doctype: string, root: Record<string, unknown>, layout: "indented" | "compact" = "indented"): string {
  const body = (layout === "indented" ? indented : compact).build(root) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${doctype}>\n${body}${body.endsWith("\n") ? "" : "\n"}`;
}
