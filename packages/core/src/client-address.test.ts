import { clientAddress, parseViewerAddress } from "./client-address";

describe("parseViewerAddress", () => {
  it.each([
    ["198.51.100.7:443", "198.51.100.7"],
    ["[2001:db8::1]:5123", "2001:db8::1"],
    ["2001:db8::1:5123", "2001:db8::1"],
    ["2001:DB8::AB", "2001:db8::ab"],
    ["::ffff:10.0.0.1:80", "10.0.0.1"],
    ["not-an-address:80", undefined],
    ["", undefined],
    ["9".repeat(4000), undefined],
  ])("%s → %s", (raw, expected) => expect(parseViewerAddress(raw)).toBe(expected));
});

describe("clientAddress", () => {
  afterEach(() => delete process.env.TRUSTED_PROXY_ADDRESSES);

  it("ignores X-Forwarded-For from a peer that is not a configured proxy", () => {
    expect(clientAddress({ sourceIp: "203.0.113.9", forwardedFor: "1.2.3.4" }, false)).toBe("203.0.113.9");
  });

  it("reads X-Forwarded-For from the right past trusted proxies", () => {
    process.env.TRUSTED_PROXY_ADDRESSES = "10.0.0.1,10.0.0.2";
    expect(clientAddress({ sourceIp: "10.0.0.1", forwardedFor: "6.6.6.6, 198.51.100.3, 10.0.0.2" }, false)).toBe("198.51.100.3");
    expect(clientAddress({ sourceIp: "10.0.0.1", forwardedFor: "junk" }, false)).toBe("10.0.0.1");
  });

  it("uses CloudFront's viewer address only behind CloudFront", () => {
    const headers = { sourceIp: "54.0.0.1", viewerAddress: "[2001:db8::5]:1" };
    expect(clientAddress(headers, true)).toBe("2001:db8::5");
    expect(clientAddress(headers, false)).toBe("54.0.0.1");
  });
});
