import Foundation

/// A query that names a kind of point of interest rather than a place: "fuel", "camp", "museums",
/// "fuel near Portree". The words map to a `POICategory` and, for a narrower word, to OSM kinds
/// (`RegionFeature.kind`): "camp" is `camp_site` and `caravan_site`, "sleep" the whole category.
public struct RegionPOIQuery: Equatable, Sendable {
    public let category: POICategory
    /// Nil: every kind of the category.
    public let kinds: Set<String>?
    /// The place after "near", as typed ("Portree"); nil when the query has none.
    public let near: String?

    /// Nil unless the text is a category word, optionally followed by "near" and a place. The word must be
    /// whole (a word being typed, "cam", is still a place name's start) and alone before "near" ("hotel
    /// california" is a name).
    ///
    /// Every query asks this, so the place after " near " is folded only once the words before it name a kind (its
    /// key is the text's after "near": folding splits at ASCII), and a text in a script other than Latin, Cyrillic,
    /// Greek or kana is a name (folding it starts ICU's transliterator, about a millisecond).
    public init?(_ text: String) {
        let after = text.range(of: " near ", options: .caseInsensitive)
        let head = after.map { String(text[..<$0.lowerBound]) } ?? text
        guard RegionPlaceIndex.isIndexable(head) else { return nil }
        var words = PlaceNormalizer.key(head).split(separator: " ").map(String.init)
        if after != nil { words.append("near") }
        guard !words.isEmpty else { return nil }
        var rest = words[...]
        var found: (POICategory, Set<String>?)?
        for count in [2, 1] where words.count >= count && found == nil {
            if let hit = Self.lookup(words.prefix(count).joined(separator: " ")) {
                found = hit
                rest = words.dropFirst(count)
            }
        }
        guard let (category, kinds) = found else { return nil }
        if rest.isEmpty {
            near = nil
        } else {
            // The place keeps what was typed after "near" (its accents and commas matter to the search).
            let place = after.map { text[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""
            guard rest.first == "near", rest.count > 1 || !PlaceNormalizer.key(place).isEmpty else { return nil }
            near = place.isEmpty ? rest.dropFirst().joined(separator: " ") : place
        }
        self.category = category
        self.kinds = kinds
    }

    public func matches(_ feature: RegionFeature) -> Bool {
        matches(kind: feature.kind, category: feature.category)
    }

    func matches(kind: String, category: POICategory?) -> Bool {
        category == self.category && (kinds?.contains(kind) ?? true)
    }

    /// The word as typed or in the plural ("hotels", "campsites", "ferries").
    private static func lookup(_ word: String) -> (POICategory, Set<String>?)? {
        if let hit = words[word] { return hit }
        if word.hasSuffix("ies"), let hit = words[String(word.dropLast(3)) + "y"] { return hit }
        if word.hasSuffix("s"), let hit = words[String(word.dropLast())] { return hit }
        return nil
    }

    /// Search keys (`PlaceNormalizer.key`) → category and kinds. The category names themselves are words too.
    static let words: [String: (POICategory, Set<String>?)] = {
        var table: [String: (POICategory, Set<String>?)] = [:]
        for category in POICategory.allCases { table[category.rawValue] = (category, nil) }
        let narrow: [(words: [String], category: POICategory, kinds: Set<String>?)] = [
            (["hotel"], .sleep, ["hotel"]), (["motel"], .sleep, ["motel"]), (["hostel"], .sleep, ["hostel"]),
            (["guest house", "guesthouse", "b b", "bnb"], .sleep, ["guest_house"]),
            (["camp", "camping", "campsite", "camp site", "campground"], .sleep, ["camp_site", "caravan_site"]),
            (["caravan", "caravan site", "rv", "rv park"], .sleep, ["caravan_site"]),
            (["hut", "alpine hut"], .sleep, ["alpine_hut"]),
            (["lodging", "accommodation"], .sleep, nil),
            (["gas", "petrol", "diesel", "gas station", "petrol station", "filling station"], .fuel, nil),
            (["charger", "charging", "charging station", "ev", "ev charger"], .charge, nil),
            (["viewpoint", "view", "lookout"], .see, ["viewpoint"]), (["attraction", "sight"], .see, ["attraction"]),
            (["museum"], .see, ["museum"]), (["castle"], .see, ["castle"]), (["monument"], .see, ["monument"]),
            (["peak", "summit", "mountain"], .see, ["peak"]), (["waterfall"], .see, ["waterfall"]),
            (["sightseeing"], .see, nil),
            (["rest area", "rest stop", "picnic"], .rest, ["rest_area"]), (["services", "service area"], .rest, ["services"]),
            (["ferry terminal", "ferry port"], .ferry, nil),
        ]
        for entry in narrow {
            for word in entry.words { table[word] = (entry.category, entry.kinds) }
        }
        return table
    }()
}
