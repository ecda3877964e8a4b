import Foundation

/// What one OpenStreetMap object's tags give the charge planner: a `Charger` when it is a charging station
/// (`amenity=charging_station`), or a place to sleep (`POICategory.sleep`) that says it charges, by its sockets or by
/// `capacity:charging` (the wiki's key for parking spaces with a charger). Sockets follow the wiki's `socket:*`
/// scheme: `socket:KIND=N` (or `yes`), `socket:KIND:output=50 kW`. Tags come from outside: every number is bounded,
/// a value that is not one is left out, never guessed.
enum ChargerTags {
    static let countRange = 1...100
    /// kW. The wiki's output is a number with W, kW or MW (kW when none is written).
    static let kwRange = 0.1...1_000.0

    static func charger(osmID: String, latitude: Double, longitude: Double, tags: [String: String]) -> Charger? {
        // A charging station for bicycles or scooters only.
        guard tags["motorcar"] != "no" else { return nil }
        let isStation = tags["amenity"] == "charging_station"
        let isSleep = POICategory.tags.contains { $0.category == .sleep && tags[$0.key] == $0.value }
        guard isStation || isSleep else { return nil }
        let sockets = SocketKind.allCases.compactMap { kind -> Charger.Socket? in
            guard let count = count(tags["socket:\(kind.rawValue)"]) else { return nil }
            return Charger.Socket(kind: kind, count: count, kw: kw(tags["socket:\(kind.rawValue):output"]))
        }
        guard isStation || !sockets.isEmpty || count(tags["capacity:charging"]) != nil else { return nil }
        let name = ["name", "brand", "operator"].lazy.compactMap { tags[$0].map(trimmed) }.first { !$0.isEmpty } ?? ""
        let closed: Set = ["private", "no"]
        return Charger(osmID: osmID, latitude: latitude, longitude: longitude, name: name, sockets: sockets,
                       isPrivate: closed.contains(tags["access"] ?? "") || closed.contains(tags["motorcar"] ?? ""))
    }

    /// `socket:KIND=`: a count (at most `countRange`'s top) or `yes` (one); nil for `no`, 0 or anything else.
    static func count(_ value: String?) -> Int? {
        guard let text = value.map(trimmed) else { return nil }
        if text.lowercased() == "yes" { return 1 }
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
              number >= countRange.lowerBound else { return nil }
        return min(number, countRange.upperBound)
    }

    /// `socket:KIND:output=`: the largest of its `;`-separated powers ("3.7 kW;22 kW") that is a plain decimal
    /// with W, kW or MW (any case, kW when none) within `kwRange`; nil when none is.
    static func kw(_ value: String?) -> Double? {
        guard let value, value.utf8.count <= 255 else { return nil }
        return value.split(separator: ";").compactMap { power($0) }.max()
    }

    private static func power(_ part: Substring) -> Double? {
        let text = trimmed(String(part)).lowercased()
        let digits = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = text.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, let number = Double(digits) else { return nil }
        let kw: Double
        switch unit {
        case "", "kw": kw = number
        case "w": kw = number / 1_000
        case "mw": kw = number * 1_000
        default: return nil
        }
        return kwRange.contains(kw) ? kw : nil
    }

    /// As `OSMFeatureTags` keeps a name: no surrounding blanks, at most OpenStreetMap's 255 characters.
    private static func trimmed(_ text: String) -> String {
        String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(255))
    }
}
