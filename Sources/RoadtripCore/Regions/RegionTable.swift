import Foundation

/// `places.tsv` and `pois.tsv` of a region folder: a header line, then one feature per line, fields separated
/// by tabs:
///
///     # roadtrip region features 1
///     osm_id  latitude  longitude  kind  category  population  name  name_en  other_names
///
/// `category` is empty for a place; `other_names` are separated by `|`. Writing replaces tabs, line breaks
/// and `|` inside names with spaces and drops control characters, so every line reads back the same.
/// Reading refuses a line whose numbers are not finite and in range (a file is outside input).
public enum RegionTable {
    public static let header = "# roadtrip region features 1"

    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func write(_ features: [RegionFeature], to url: URL) throws {
        var text = header + "\n"
        text.reserveCapacity(features.count * 80)
        for feature in features {
            let fields = [feature.osmID, String(feature.latitude), String(feature.longitude), clean(feature.kind),
                          feature.category?.rawValue ?? "", String(feature.population), clean(feature.name),
                          clean(feature.englishName), feature.otherNames.map(clean).joined(separator: "|")]
            text += fields.joined(separator: "\t")
            text += "\n"
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    public static func read(_ url: URL) throws -> [RegionFeature] {
        try parse(Data(contentsOf: url))
    }

    public static func parse(_ data: Data) throws -> [RegionFeature] {
        var features: [RegionFeature] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if lineNumber == 1 {
                guard String(decoding: line, as: UTF8.self) == header else {
                    throw FormatError(line: 1, reason: "not a roadtrip region table (expected \"\(header)\")")
                }
                continue
            }
            if line.isEmpty { continue }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 9 else {
                throw FormatError(line: lineNumber, reason: "\(fields.count) fields, expected 9")
            }
            guard let latitude = Double(fields[1]), latitude.isFinite, (-90...90).contains(latitude),
                  let longitude = Double(fields[2]), longitude.isFinite, (-180...180).contains(longitude) else {
                throw FormatError(line: lineNumber, reason: "the coordinates are not a valid position")
            }
            guard let population = Int(fields[5]), (0...100_000_000).contains(population) else {
                throw FormatError(line: lineNumber, reason: "the population is not a number from 0 to 100,000,000")
            }
            var category: POICategory?
            if !fields[4].isEmpty {
                guard let known = POICategory(rawValue: fields[4]) else {
                    throw FormatError(line: lineNumber, reason: "unknown category \"\(fields[4])\"")
                }
                category = known
            }
            features.append(RegionFeature(
                osmID: fields[0], latitude: latitude, longitude: longitude, kind: fields[3], category: category,
                population: population, name: fields[6], englishName: fields[7],
                otherNames: fields[8].isEmpty ? [] : fields[8].split(separator: "|").map(String.init)))
        }
        return features
    }

    /// A name as one field: no tab, line break, `|` or other control character.
    static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.compactMap { scalar in
            if scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "|" { return " " }
            return scalar.properties.generalCategory == .control ? nil : scalar
        }))
    }
}
