import { CONTACT_REASONS, EDIT_GENRES, GENRE_NAMES, GENRES, subgenresOf, TAG_GROUPS } from "./showcase";
import { commaList, contactFormSchema, promoteSchema } from "../showcase/schema";

describe("showcase catalogues", () => {
  it("has the 13 genres in order, each with its own subgenres, and the edit form's 10 among them", () => {
    expect(GENRE_NAMES).toEqual(["Action", "Adventure", "Animation", "Biography", "Comedy", "Horror", "Thriller", "Mystery", "Drama", "Romance", "Science Fiction", "Fantasy", "Musical"]);
    expect(EDIT_GENRES).toEqual(["Action", "Comedy", "Drama", "Horror", "Romance", "Thriller", "Science Fiction", "Fantasy", "Mystery", "Adventure"]);
    for (const g of EDIT_GENRES) expect(GENRE_NAMES).toContain(g);
    for (const g of GENRES) expect(g.subgenres.length).toBeGreaterThanOrEqual(5);
    expect(subgenresOf("Unknown")).toEqual([]);
  });

  it("has the five tag groups and the six contact reasons", () => {
    expect(TAG_GROUPS.map((g) => g.name)).toEqual(["Style & Aesthetic", "Tone & Mood", "Themes & Topics", "Audience & Market", "Setting / World Type"]);
    expect(CONTACT_REASONS.map((r) => r.id)).toEqual(["producing", "collaborating", "feedback", "representation", "hiring", "other"]);
  });
});

describe("showcase schemas", () => {
  const valid = { renderJobId: "r1", title: "T", genre: "Drama", displayName: "D" };
  const message = (input: unknown) => {
    const r = promoteSchema.safeParse(input);
    return r.success ? undefined : r.error.issues[0].message;
  };

  it("uses the spec's messages and keeps subgenres to the chosen genre", () => {
    expect(message(valid)).toBeUndefined();
    expect(promoteSchema.parse(valid)).toMatchObject({ subgenres: [], tags: [] });
    expect(message({ ...valid, title: " " })).toBe("Title is required");
    expect(message({ ...valid, title: "x".repeat(101) })).toBe("Title must be less than 100 characters");
    expect(message({ ...valid, displayName: "x".repeat(51) })).toBe("Display name must be less than 50 characters");
    expect(message({ ...valid, subgenres: ["Cyberpunk"] })).toBe("Please choose subgenres of the selected genre");
    expect(message({ ...valid, tags: ["Made up"] })).toBe("Please choose tags from the list");
    const contact = contactFormSchema.safeParse({ reason: "", agree: false });
    expect(contact.success ? [] : contact.error.issues.map((i) => i.message)).toEqual(["Please select a reason", "Please agree to the terms"]);
  });

  it("reads comma lists", () => {
    expect(commaList(" Dark, ,Tense ")).toEqual(["Dark", "Tense"]);
    expect(commaList(undefined)).toEqual([]);
  });
});
