import { makeEvent } from "../../shared/test-event";
import { readFields } from "./form-body";

const event = (body: string | Buffer, contentType?: string) => {
  const e = makeEvent({ method: "POST", headers: contentType ? { "content-type": contentType } : {} });
  return Buffer.isBuffer(body) ? { ...e, body: body.toString("base64"), isBase64Encoded: true } : { ...e, body };
};

describe("readFields", () => {
  it("reads JSON as is", async () => {
    expect(await readFields(event('{"a":1,"agreeToTerms":true}', "application/json"), ["agreeToTerms"])).toEqual({ a: 1, agreeToTerms: true });
    expect(await readFields(event(""))).toEqual({});
  });

  it("refuses broken JSON and unknown body types", async () => {
    await expect(readFields(event("{", "application/json"))).rejects.toMatchObject({ status: 400 });
    await expect(readFields(event("<a/>", "text/xml"))).rejects.toMatchObject({ status: 415 });
  });

  it("reads URL-encoded forms, turning checkbox fields into booleans", async () => {
    const fields = await readFields(event("email=a%40b.com&agreeToTerms=on&fullName=A+B", "application/x-www-form-urlencoded"), ["agreeToTerms", "rememberMe"]);
    expect(fields).toEqual({ email: "a@b.com", fullName: "A B", agreeToTerms: true, rememberMe: false });
    expect((await readFields(event("agreeToTerms=false", "application/x-www-form-urlencoded"), ["agreeToTerms"])).agreeToTerms).toBe(false);
  });

  it("reads multipart forms (base64 bodies, as API Gateway sends them)", async () => {
    const form = new FormData();
    form.set("email", "a@b.com");
    form.set("agreeToTerms", "true");
    const request = new Request("http://x", { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const fields = await readFields(event(body, request.headers.get("content-type")!), ["agreeToTerms"]);
    expect(fields).toEqual({ email: "a@b.com", agreeToTerms: true });
  });
});
