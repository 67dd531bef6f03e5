/**
 * Timezone choices offered by the product (docs/product.md#accounts). Browser-safe: the web
 * renders these lists and the server validates against the same values.
 */
export interface TimezoneOption {
  /** IANA zone id stored on the user. */
  value: string;
  label: string;
}

/** The ten choices of the registration form. */
export const REGISTRATION_TIMEZONES: readonly TimezoneOption[] = [
  { value: "America/New_York", label: "Eastern Time ET" },
  { value: "America/Chicago", label: "Central Time CT" },
  { value: "America/Denver", label: "Mountain Time MT" },
  { value: "America/Los_Angeles", label: "Pacific Time PT" },
  { value: "America/Anchorage", label: "Alaska Time" },
  { value: "Pacific/Honolulu", label: "Hawaii Time" },
  { value: "Europe/London", label: "GMT / UTC" },
  { value: "Europe/Paris", label: "Central European Time" },
  { value: "Asia/Tokyo", label: "Japan Time" },
  { value: "Australia/Sydney", label: "Australia Eastern Time" },
];

/** The eight choices of the account settings form. */
export const SETTINGS_TIMEZONES: readonly TimezoneOption[] = [
  { value: "UTC", label: "UTC" },
  { value: "America/Los_Angeles", label: "Pacific" },
  { value: "America/Denver", label: "Mountain" },
  { value: "America/Chicago", label: "Central" },
  { value: "America/New_York", label: "Eastern (US)" },
  { value: "Europe/London", label: "London" },
  { value: "Europe/Paris", label: "Paris" },
  { value: "Asia/Tokyo", label: "Tokyo" },
];

/** A user's timezone when none was chosen. */
export const DEFAULT_TIMEZONE = "UTC";

/** Every zone a user may hold: the union of both lists. */
export const KNOWN_TIMEZONES: readonly string[] = [
  ...new Set([...REGISTRATION_TIMEZONES, ...SETTINGS_TIMEZONES].map((t) => t.value)),
];

/**
 * A zone as a person reads it: its city and its offset now, 'Sydney (GMT+11)'
 * for `Australia/Sydney`, never the raw IANA id (issue 23). `at` picks the
 * moment, since the offset moves with summer time.
 */
export function timezoneLabel(zone: string, at: Date = new Date()): string {
  const city = (zone.split("/").pop() ?? zone).replace(/_/g, " ");
  try {
    const offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    return offset && offset !== city ? `${city} (${offset})` : city;
  } catch {
    return city; // not a zone this browser knows: the city alone
  }
}
