/**
 * The settings library of offline frames: which place a scene heading names,
 * and what is drawn for it (docs/decisions.md#offline-frames-follow-the-story).
 * Pure data: a place is a ground (outdoors) or a shell (indoors) plus a list of
 * drawing elements (frame-elements.ts draws each element once for all places).
 * A place the table does not know falls back to the closest kind: water,
 * rural or urban outdoors, a plain room indoors.
 */
/** The kind of outdoor ground a place stands on. */
export type ExteriorKind = "city" | "nature" | "water" | "desert" | "mountain" | "open";

/** What the walls of an interior are: a room, or the inside of a vehicle. */
export type InteriorShell = "room" | "car" | "train" | "plane" | "cave";

export type SettingElement =
  // outdoors
  | "open-sea" | "rocks" | "lighthouse" | "pier" | "boats" | "cranes" | "ship-deck" | "palms" | "pines" | "trees" | "buildings"
  | "road" | "streetlamps" | "peaks" | "snowcaps" | "snowfield" | "dunes" | "cacti" | "fence" | "barn" | "tombstones" | "tents"
  | "campfire" | "bridge" | "tracks" | "platform" | "parking-lines" | "parapet" | "stalls" | "pumps" | "runway" | "river"
  | "church-front" | "house-front" | "shopfronts" | "swings" | "sign-cross" | "sign-police" | "flowers" | "pool-water"
  // indoors
  | "counter" | "stools" | "booths" | "bottle-shelves" | "desk" | "filing" | "bed" | "nightstand" | "kitchen-units"
  | "hospital-bed" | "drip-stand" | "curtain" | "pews" | "altar-cross" | "stained-glass" | "blackboard" | "school-desks"
  | "bookshelves" | "sofa" | "tv" | "bathtub" | "mirror-sink" | "cell-bars" | "notice-board" | "lockers" | "crates"
  | "machines" | "goods-shelves" | "stage" | "paintings" | "lab-bench" | "portholes" | "beams" | "hay" | "dining-tables"
  | "lamp-table" | "elevator-doors" | "reception-desk" | "wheel" | "lens";

export interface Setting {
  /** The place as the frame's drawing plan names it, e.g. "lighthouse"; a fallback is "water (unknown place)". */
  place: string;
  /** Found in the library, or the closest kind. */
  matched: boolean;
  ground: ExteriorKind;
  shell: InteriorShell;
  elements: SettingElement[];
}

interface PlaceRow {
  place: string;
  /** Words of the heading's location, as a pattern over upper-case text. */
  words: RegExp;
  /** Outdoors: the ground, then what stands on it. */
  ext?: [ExteriorKind, ...SettingElement[]];
  /** Indoors: the shell, then what is in it. */
  int?: [InteriorShell, ...SettingElement[]];
}

/** Most specific first: "POLICE STATION" before "STATION", "CAR PARK" before "CAR". */
const PLACES: PlaceRow[] = [
  { place: "lighthouse", words: /LIGHTHOUSE/, ext: ["water", "open-sea", "rocks", "lighthouse"], int: ["room", "lens", "portholes", "beams"] },
  { place: "harbour", words: /HARBOU?R|MARINA|\bPORT\b|QUAYSIDE|QUAY\b/, ext: ["water", "pier", "boats", "cranes"], int: ["room", "crates", "portholes"] },
  { place: "pier", words: /\bPIER\b|\bDOCKS?\b|WHARF|JETTY|BOARDWALK/, ext: ["water", "pier", "boats"] },
  { place: "ship", words: /\bSHIP\b|\bBOAT\b|YACHT|FERRY|\bDECK\b|TRAWLER|SAILBOAT|VESSEL|SUBMARINE/, ext: ["water", "open-sea", "ship-deck"], int: ["room", "portholes", "beams", "wheel"] },
  { place: "sea", words: /\bSEA\b|OCEAN|OPEN WATER|HIGH SEAS/, ext: ["water", "open-sea"] },
  { place: "beach", words: /BEACH|SHORE|COAST|SEASIDE|SEAFRONT|\bBAY\b/, ext: ["water", "palms"] },
  { place: "lake", words: /\bLAKE|\bPOND\b|LAGOON/, ext: ["nature", "river", "pines"] },
  { place: "river", words: /RIVER|STREAM|CREEK|CANAL/, ext: ["nature", "river", "trees"] },
  { place: "swimming pool", words: /\bPOOL\b/, ext: ["open", "pool-water", "palms"], int: ["room", "pool-water"] },
  { place: "island", words: /ISLAND/, ext: ["water", "palms", "rocks"] },
  { place: "police station", words: /POLICE STATION|POLICE|PRECINCT|STATION HOUSE|SHERIFF/, ext: ["city", "buildings", "sign-police", "road"], int: ["room", "desk", "filing", "notice-board"] },
  { place: "interrogation room", words: /INTERROGATION/, int: ["room", "lamp-table"] },
  { place: "jail", words: /\bJAIL|PRISON|\bCELLS?\b|LOCK-?UP|PENITENTIARY/, ext: ["city", "fence", "buildings"], int: ["room", "cell-bars", "bed"] },
  { place: "courtroom", words: /COURT ?ROOM|COURTHOUSE|\bCOURT\b/, int: ["room", "pews", "desk"] },
  { place: "operating room", words: /OPERATING|SURGERY|THEATRE ROOM|\bOR\b/, int: ["room", "hospital-bed", "drip-stand", "machines"] },
  { place: "hospital", words: /HOSPITAL|CLINIC|\bWARD\b|INFIRMARY|\bER\b|EMERGENCY ROOM|\bICU\b/, ext: ["city", "buildings", "sign-cross", "road"], int: ["room", "hospital-bed", "drip-stand", "curtain"] },
  { place: "church", words: /CHURCH|CHAPEL|CATHEDRAL|ABBEY|MONASTERY|TEMPLE|MOSQUE|SYNAGOGUE/, ext: ["open", "church-front", "tombstones"], int: ["room", "pews", "altar-cross", "stained-glass"] },
  { place: "cemetery", words: /CEMETERY|GRAVEYARD|\bGRAVE\b/, ext: ["nature", "tombstones", "fence"] },
  { place: "school", words: /SCHOOL|CLASSROOM|COLLEGE|UNIVERSITY|LECTURE|CAMPUS/, ext: ["city", "house-front", "swings"], int: ["room", "blackboard", "school-desks"] },
  { place: "library", words: /LIBRARY|BOOKSHOP|BOOKSTORE|ARCHIVE/, int: ["room", "bookshelves", "desk"] },
  { place: "diner", words: /DINER|CAFETERIA|CANTEEN|LUNCHEONETTE/, int: ["room", "counter", "stools", "booths"] },
  { place: "cafe", words: /\bCAF[EÉ]\b|COFFEE ?(SHOP|HOUSE)|BAKERY|TEA ?ROOM/, int: ["room", "counter", "dining-tables"] },
  { place: "restaurant", words: /RESTAURANT|BISTRO|TRATTORIA|DINING ROOM|CANTINA/, int: ["room", "dining-tables", "paintings"] },
  { place: "bar", words: /\bBAR\b|\bPUB\b|SALOON|TAVERN|\bINN\b|SPEAKEASY|LOUNGE BAR/, int: ["room", "bottle-shelves", "counter", "stools"] },
  { place: "nightclub", words: /NIGHT ?CLUB|\bCLUB\b|DISCO/, int: ["room", "stage", "counter", "stools"] },
  { place: "theatre", words: /THEAT(RE|ER)|CINEMA|AUDITORIUM|CONCERT HALL|\bSTAGE\b/, int: ["room", "stage", "pews"] },
  { place: "car park", words: /PARKING|CAR PARK|GARAGE/, ext: ["city", "parking-lines", "buildings"], int: ["room", "parking-lines", "beams"] },
  { place: "gas station", words: /GAS STATION|PETROL STATION|SERVICE STATION|FILLING STATION/, ext: ["city", "pumps", "road"] },
  { place: "train station", words: /TRAIN STATION|RAILWAY STATION|PLATFORM|\bSTATION\b|DEPOT/, ext: ["city", "platform", "tracks"], int: ["room", "platform", "tracks"] },
  { place: "train", words: /\bTRAIN\b|SUBWAY CAR|CARRIAGE|\bTRAM\b|\bBUS\b|COACH/, ext: ["open", "tracks"], int: ["train"] },
  { place: "subway", words: /SUBWAY|UNDERGROUND|METRO/, int: ["room", "platform", "tracks"] },
  { place: "plane cabin", words: /\bPLANE\b|AIRPLANE|AEROPLANE|AIRCRAFT|\bJET\b|AIRLINER|\bFLIGHT\b|COCKPIT|HELICOPTER/, ext: ["open", "runway"], int: ["plane"] },
  { place: "airport", words: /AIRPORT|RUNWAY|TERMINAL|HANGAR|AIRFIELD/, ext: ["open", "runway"], int: ["room", "reception-desk", "notice-board"] },
  { place: "car interior", words: /\bCAR\b|\bTAXI\b|\bCAB\b|\bTRUCK\b|\bVAN\b|\bSEDAN\b|\bJEEP\b|LIMO|PICKUP|SUV|CRUISER|\bAUTO\b/, ext: ["city", "road", "buildings"], int: ["car"] },
  { place: "street", words: /STREETS?\b|AVENUE|BOULEVARD|\bLANE\b|SIDEWALK|PAVEMENT|CROSSWALK|CORNER|DOWNTOWN|MAIN ST/, ext: ["city", "buildings", "road", "streetlamps"] },
  { place: "alley", words: /ALLEY/, ext: ["city", "buildings", "streetlamps"] },
  { place: "highway", words: /HIGHWAY|FREEWAY|MOTORWAY|INTERSTATE|\bROAD\b|ROADSIDE/, ext: ["open", "road"] },
  { place: "bridge", words: /BRIDGE/, ext: ["water", "bridge"] },
  { place: "rooftop", words: /ROOF/, ext: ["city", "buildings", "parapet"] },
  { place: "town square", words: /SQUARE|PLAZA|PIAZZA|TOWN CENTRE|VILLAGE GREEN|COURTYARD|QUADRANGLE|\bQUAD\b/, ext: ["city", "shopfronts", "streetlamps"] },
  { place: "market", words: /MARKET|BAZAAR|FAIRGROUND|CARNIVAL/, ext: ["city", "stalls", "shopfronts"] },
  { place: "shop", words: /\bSHOP\b|\bSTORE\b|SUPERMARKET|BOUTIQUE|PHARMACY|GROCERY|DELI\b|PAWN/, ext: ["city", "shopfronts", "road"], int: ["room", "goods-shelves", "counter"] },
  { place: "hotel", words: /HOTEL|MOTEL|\bLOBBY\b|RECEPTION/, ext: ["city", "buildings", "road"], int: ["room", "reception-desk", "sofa"] },
  { place: "elevator", words: /ELEVATOR|\bLIFT\b/, int: ["room", "elevator-doors"] },
  { place: "office", words: /OFFICE|STUDY|AGENCY|NEWSROOM|HEADQUARTERS|\bHQ\b|CUBICLE|BOARDROOM|CONFERENCE/, ext: ["city", "buildings", "road"], int: ["room", "desk", "filing"] },
  { place: "bank", words: /\bBANK\b|VAULT/, int: ["room", "reception-desk", "filing"] },
  { place: "laboratory", words: /\bLAB\b|LABORATORY/, int: ["room", "lab-bench", "machines"] },
  { place: "museum", words: /MUSEUM|GALLERY|EXHIBITION/, int: ["room", "paintings"] },
  { place: "gym", words: /\bGYM\b|LOCKER ROOM|CHANGING ROOM|FITNESS/, int: ["room", "lockers"] },
  { place: "warehouse", words: /WAREHOUSE|STOREROOM|STORAGE|LOADING BAY/, ext: ["city", "buildings", "crates"], int: ["room", "crates", "beams"] },
  { place: "factory", words: /FACTORY|\bMILL\b|WORKSHOP|PLANT\b|FOUNDRY|SHIPYARD/, ext: ["city", "buildings", "cranes"], int: ["room", "machines", "crates"] },
  { place: "bedroom", words: /BEDROOM|NURSERY|\bDORM|GUEST ROOM|HOTEL ROOM|MOTEL ROOM/, int: ["room", "bed", "nightstand"] },
  { place: "kitchen", words: /KITCHEN|PANTRY|SCULLERY/, int: ["room", "kitchen-units"] },
  { place: "bathroom", words: /BATHROOM|RESTROOM|\bTOILET|\bWC\b|SHOWER|LAVATORY/, int: ["room", "bathtub", "mirror-sink"] },
  { place: "living room", words: /LIVING ROOM|SITTING ROOM|LOUNGE|\bDEN\b|FAMILY ROOM|PARLOU?R/, int: ["room", "sofa", "tv"] },
  { place: "attic", words: /ATTIC|LOFT/, int: ["room", "beams", "crates"] },
  { place: "basement", words: /BASEMENT|CELLAR|BUNKER|CRYPT/, int: ["room", "crates", "beams"] },
  { place: "hallway", words: /HALLWAY|CORRIDOR|STAIRWELL|STAIRCASE|FOYER|LANDING/, int: ["room", "paintings"] },
  { place: "barn", words: /\bBARN\b|STABLE|STALLS|HAYLOFT/, ext: ["nature", "barn", "fence"], int: ["room", "hay", "beams"] },
  { place: "farm", words: /\bFARM|RANCH|PASTURE|PADDOCK|\bFIELDS?\b|MEADOW|ORCHARD|VINEYARD|COUNTRYSIDE/, ext: ["nature", "fence", "barn"] },
  { place: "garden", words: /GARDEN|BACKYARD|\bYARD\b|LAWN|PATIO|PORCH|TERRACE/, ext: ["nature", "flowers", "fence", "house-front"] },
  { place: "house", words: /\bHOUSE\b|COTTAGE|HOME\b|MANSION|FARMHOUSE|DRIVEWAY|BUNGALOW|VILLA|APARTMENT|FLAT\b|CONDO/, ext: ["open", "house-front", "trees"], int: ["room", "sofa", "lamp-table"] },
  { place: "cabin", words: /\bCABIN\b|\bLODGE\b|\bHUT\b|SHACK|SHED\b/, ext: ["nature", "house-front", "pines"], int: ["room", "beams", "lamp-table"] },
  { place: "park", words: /\bPARK\b|PLAYGROUND|COMMON\b/, ext: ["nature", "trees", "swings", "streetlamps"] },
  { place: "forest", words: /FOREST|WOODS?\b|WOODLAND|GROVE|THICKET|CLEARING/, ext: ["nature", "trees", "pines"] },
  { place: "jungle", words: /JUNGLE|RAINFOREST|SWAMP|BAYOU|MARSH/, ext: ["nature", "palms", "trees"] },
  { place: "campsite", words: /CAMP(SITE|GROUND)?\b|TENT/, ext: ["nature", "tents", "campfire", "pines"], int: ["room", "beams"] },
  { place: "cave", words: /\bCAVE|CAVERN|TUNNEL|\bMINE\b|GROTTO/, ext: ["mountain", "rocks", "peaks"], int: ["cave"] },
  { place: "snow", words: /SNOW|ARCTIC|ANTARCTIC|TUNDRA|GLACIER|ICE ?FIELD|SKI |FROZEN/, ext: ["mountain", "peaks", "snowcaps", "snowfield", "pines"] },
  { place: "mountain", words: /MOUNTAIN|\bPEAK\b|SUMMIT|RIDGE|CLIFF|HILLS?\b|VALLEY|PASS\b|CANYON ROAD/, ext: ["mountain", "peaks", "snowcaps", "pines"] },
  { place: "desert", words: /DESERT|DUNES?|SAHARA|WASTELAND|BADLANDS|CANYON|MESA/, ext: ["desert", "dunes", "cacti"] },
  { place: "spaceship", words: /SPACESHIP|SPACECRAFT|STARSHIP|SPACE STATION|SHUTTLE/, int: ["room", "machines", "portholes"] },
];

/** The number of places the library knows (tests hold it to the 60). */
export const PLACE_COUNT = PLACES.length;
export const PLACE_NAMES = PLACES.map((p) => p.place);

const WATER = /WATER|HARBOU?R|SEA|OCEAN|LAKE|RIVER|BEACH|SHORE|COAST|DOCK|PIER|BAY|MARINA|ISLAND|WAVES?/;
const URBAN = /CITY|TOWN|STREET|ROAD|BUILDING|TOWER|BLOCK|ESTATE|SUBURB|MALL|CENTRE|CENTER|STATION|LOT|AVENUE|DISTRICT|VILLAGE|DOWNTOWN/;
const RURAL = /FIELD|WOOD|FOREST|FARM|HILL|COUNTRY|GARDEN|MEADOW|TRAIL|PATH|GROVE|PARK|WILDERNESS|PRAIRIE|PLAINS|MOOR|HEATH|GLADE/;

/** The place a heading's location names, indoors or out; the closest kind when the library does not know it. */
export function settingOf(location: string, interior: boolean): Setting {
  const words = location.toUpperCase();
  // Indoors the room named last is where we are: "LIGHTHOUSE KITCHEN" is a kitchen, "HOSPITAL CORRIDOR" a corridor.
  const inner = interior
    ? PLACES.filter((r) => r.int)
        .map((row, order) => {
          const found = row.words.exec(words);
          return { row, order, end: found ? found.index + found[0].length : -1 };
        })
        .filter((m) => m.end >= 0)
        // The match that ends last; on a tie the row listed first (the more specific: POLICE STATION before STATION).
        .sort((a, b) => b.end - a.end || a.order - b.order)[0]?.row
    : undefined;
  for (const row of inner ? [inner] : PLACES) {
    if (!row.words.test(words)) continue;
    if (interior && row.int) return { place: row.place, matched: true, shell: row.int[0], ground: row.ext?.[0] ?? "city", elements: row.int.slice(1) as SettingElement[] };
    if (!interior && row.ext) return { place: row.place, matched: true, ground: row.ext[0], shell: "room", elements: row.ext.slice(1) as SettingElement[] };
    // A place known only from the other side (EXT. DINER): its kind's street front, or a room with its furniture.
    if (!interior) return { place: row.place, matched: true, ground: "city", shell: "room", elements: ["shopfronts", "road", "streetlamps"] };
    return { place: row.place, matched: true, ground: row.ext?.[0] ?? "open", shell: "room", elements: ["lamp-table"] };
  }
  const kind = WATER.test(words) ? "water" : URBAN.test(words) ? "urban" : RURAL.test(words) ? "rural" : undefined;
  if (interior) return { place: `room (${words || "no place named"})`, matched: false, ground: "city", shell: "room", elements: ["lamp-table"] };
  if (kind === "water") return { place: "water (closest kind)", matched: false, ground: "water", shell: "room", elements: ["boats"] };
  if (kind === "urban") return { place: "street (closest kind)", matched: false, ground: "city", shell: "room", elements: ["buildings", "road"] };
  if (kind === "rural") return { place: "countryside (closest kind)", matched: false, ground: "nature", shell: "room", elements: ["trees", "fence"] };
  return { place: "open country (closest kind)", matched: false, ground: "open", shell: "room", elements: ["trees"] };
}
