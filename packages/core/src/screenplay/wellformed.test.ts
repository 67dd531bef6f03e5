import { describe, expect, it } from "vitest";
import { findXmlProblem } from "./wellformed";

describe("findXmlProblem", () => {
  it("accepts well-formed documents", () => {
    for (const xml of [
      "<a/>",
      "  <a>x</a>\n",
      "<?xml version='1.0' encoding='UTF-8'?>\n<a b=\"1\" c='2'><b/><!-- note --><![CDATA[ <raw> & ]]></a>",
      "<a>&amp; &#39; &#x2014; &nbsp;</a>",
      "<FinalDraft><Content><Paragraph Type=\"Action\"><Text>x &gt; y</Text></Paragraph></Content></FinalDraft>",
    ]) {
      expect(findXmlProblem(xml), xml).toBeNull();
    }
  });

  it("says what is wrong and on which line", () => {
    expect(findXmlProblem("<a>\n<b>\n</c></a>")).toEqual({ line: 3, message: "</c> closes <b>" });
    expect(findXmlProblem("<a><b>text")).toEqual({ line: 1, message: "<b> is never closed" });
    expect(findXmlProblem("</a>")).toEqual({ line: 1, message: "</a> has no opening tag" });
    expect(findXmlProblem("<a></a><b></b>")).toEqual({ line: 1, message: "there is more than one root element" });
    expect(findXmlProblem("hello")).toEqual({ line: 1, message: "there is text outside the root element" });
    expect(findXmlProblem("<a/>\ntrailing")).toEqual({ line: 1, message: "there is text outside the root element" });
    expect(findXmlProblem("<a x=1/>")).toEqual({ line: 1, message: "a tag is malformed" });
    expect(findXmlProblem("<a>\nfish & chips</a>")).toEqual({ line: 2, message: 'a "&" is not part of an entity reference' });
    expect(findXmlProblem('<a t="R&D"/>')?.message).toBe('an attribute of <a> has a "&" that is not part of an entity reference');
    expect(findXmlProblem("")).toEqual({ line: 1, message: "there is no root element" });
  });
});
