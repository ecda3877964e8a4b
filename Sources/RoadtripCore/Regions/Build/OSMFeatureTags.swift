import Foundation

/// What one OpenStreetMap object (its type, id, tags and centre) gives a region: a place, a point of
/// interest, both, or nothing. Tags come from outside: numbers are bounded, names cleaned on writing.
enum OSMFeatureTags {
    static let placeKinds: Set<String> = ["city", "town", "village", "hamlet", "isolated_dwelling", "locality", "island"]

    /// A place: a node tagged `place=` one of `placeKinds`, with a name.
    static func place(osmID: String, latitude: Double, longitude: Double, tags: [String: String]) -> RegionFeature? {
        guard osmID.hasPrefix("n"), let kind = tags["place"], placeKinds.contains(kind),
              let name = tags["name"]?.trimmed, !name.isEmpty else { return nil }
        return RegionFeature(osmID: osmID, latitude: latitude, longitude: longitude, kind: kind,
                             population: population(tags["population"]), name: name,
                             englishName: english(tags, name: name), otherNames: otherNames(tags, name: name, brand: false))
    }

    /// A point of interest: the first of `POICategory.tags` the object carries.
    static func poi(osmID: String, latitude: Double, longitude: Double, tags: [String: String]) -> RegionFeature? {
        guard let match = POICategory.tags.first(where: { tags[$0.key] == $0.value }) else { return nil }
        let name = tags["name"]?.trimmed ?? ""
        return RegionFeature(osmID: osmID, latitude: latitude, longitude: longitude, kind: match.value,
                             category: match.category, name: name, englishName: english(tags, name: name),
                             otherNames: otherNames(tags, name: name, brand: true))
    }

    /// `population=` when it is a plain number of people (not "ca. 300" or "1,200"); 0 otherwise.
    static func population(_ text: String?) -> Int {
        guard let text = text?.trimmed, (1...9).contains(text.count), text.allSatisfy(\.isASCII),
              let number = Int(text), (0...100_000_000).contains(number) else { return 0 }
        return number
    }

    private static func english(_ tags: [String: String], name: String) -> String {
        guard let english = tags["name:en"]?.trimmed, english != name else { return "" }
        return english
    }

    /// `name:LANG` (by key, for a stable order), then `alt_name` and `old_name` (each may hold several,
    /// separated by `;`), then a POI's `brand`; each once, none equal to the name or the English name.
    private static func otherNames(_ tags: [String: String], name: String, brand: Bool) -> [String] {
        var candidates: [String] = []
        for key in tags.keys.sorted() where key.hasPrefix("name:") && key != "name:en" && isLanguage(key.dropFirst(5)) {
            candidates.append(tags[key]!)
        }
        for key in ["alt_name", "old_name"] + (brand ? ["brand"] : []) {
            candidates += (tags[key] ?? "").split(separator: ";").map(String.init)
        }
        var seen: Set<String> = [name, tags["name:en"]?.trimmed ?? name]
        var names: [String] = []
        for candidate in candidates.map(\.trimmed) where !candidate.isEmpty && seen.insert(candidate).inserted {
            names.append(candidate)
        }
        return names
    }

    /// `fr`, `sme`, `zh-Hant`, `be-tarask`: not `name:etymology:wikidata` or `name:prefix`.
    private static func isLanguage(_ code: Substring) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

private extension String {
    /// Without surrounding blanks, and no longer than OpenStreetMap's own limit on a value (255 characters):
    /// a crafted extract cannot make one name megabytes long.
    var trimmed: String { String(trimmingCharacters(in: .whitespacesAndNewlines).prefix(255)) }
}
