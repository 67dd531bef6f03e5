import { describe, expect, it } from "vitest";
import { looksLikeSceneHeading, parseSceneHeading } from "./scene-heading";

describe("scene headings", () => {
  it("reads interior, location and time of day", () => {
    expect(parseSceneHeading("INT. KITCHEN - NIGHT")).toEqual({ heading: "INT. KITCHEN - NIGHT", interior: "INT", location: "KITCHEN", timeOfDay: "NIGHT" });
    expect(parseSceneHeading("ext.  Mast farm - dAY")).toEqual({ heading: "EXT. MAST FARM - DAY", interior: "EXT", location: "MAST FARM", timeOfDay: "DAY" });
    expect(parseSceneHeading("INT. MAST HOUSE - WALTER’S BEDROOM - MORNING")).toMatchObject({ location: "MAST HOUSE - WALTER’S BEDROOM", timeOfDay: "MORNING" });
    expect(parseSceneHeading("EST. CITY SKYLINE - DUSK")).toMatchObject({ interior: "EXT", location: "CITY SKYLINE", timeOfDay: "DUSK" });
  });

  it("reads the combined forms", () => {
    for (const heading of ["INT./EXT. CAR - DAY", "EXT./INT. CAR - DAY", "INT/EXT CAR - DAY", "I/E CAR - DAY", "Int./ext. CAR - DAY"]) {
      expect(parseSceneHeading(heading)).toMatchObject({ interior: "INT/EXT", location: "CAR", timeOfDay: "DAY" });
    }
  });

  it("keeps times of day with extras and leaves non-times in the location", () => {
    expect(parseSceneHeading("INT. WILL'S BEDROOM - NIGHT (1973)")).toMatchObject({ location: "WILL'S BEDROOM", timeOfDay: "NIGHT (1973)" });
    expect(parseSceneHeading("EXT. MAST HOUSE - MOMENTS LATER")).toMatchObject({ timeOfDay: "MOMENTS LATER" });
    expect(parseSceneHeading("EXT/INT. SORORITY HOUSE - THE DOORWAY")).toMatchObject({ location: "SORORITY HOUSE - THE DOORWAY", timeOfDay: null });
    expect(parseSceneHeading("EXT. House")).toEqual({ heading: "EXT. HOUSE", interior: "EXT", location: "HOUSE", timeOfDay: null });
  });

  it("keeps headings without INT/EXT whole, interior null", () => {
    expect(parseSceneHeading("SNIPER SCOPE POV")).toEqual({ heading: "SNIPER SCOPE POV", interior: null, location: "SNIPER SCOPE POV", timeOfDay: null });
    expect(parseSceneHeading("Later")).toEqual({ heading: "LATER", interior: null, location: "LATER", timeOfDay: null });
    expect(parseSceneHeading("back outside with mary and henry")).toMatchObject({ interior: null, location: "BACK OUTSIDE WITH MARY AND HENRY" });
  });

  it("reads Russian and Japanese headings", () => {
    expect(parseSceneHeading("ИНТ. КВАРТИРА – КУХНЯ – ДЕНЬ")).toEqual({ heading: "ИНТ. КВАРТИРА – КУХНЯ – ДЕНЬ", interior: "INT", location: "КВАРТИРА – КУХНЯ", timeOfDay: "ДЕНЬ" });
    expect(parseSceneHeading("НАТ. ЛЕС - НОЧЬ")).toMatchObject({ interior: "EXT", location: "ЛЕС", timeOfDay: "НОЧЬ" });
    expect(parseSceneHeading("INT。 病院-日")).toEqual({ heading: "INT。 病院-日", interior: "INT", location: "病院", timeOfDay: "日" });
    expect(parseSceneHeading("病院の廊下")).toEqual({ heading: "病院の廊下", interior: null, location: "病院の廊下", timeOfDay: null });
  });

  it("tells a heading from a line that only starts like one", () => {
    expect(looksLikeSceneHeading("INT. HOUSE - DAY")).toBe(true);
    expect(looksLikeSceneHeading("int house - day")).toBe(true);
    expect(looksLikeSceneHeading("EXTERIOR shots are fun")).toBe(false);
    expect(looksLikeSceneHeading("Esther walks in.")).toBe(false);
    expect(looksLikeSceneHeading("INT.")).toBe(false);
    expect(looksLikeSceneHeading("ИНТ. КВАРТИРА")).toBe(true);
  });
});
