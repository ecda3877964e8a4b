import Foundation

/// Geofabrik's extracts (`Resources/regions/geofabrik.tsv`, made by `scripts/build-regions-index`): their
/// outlines, download sizes and addresses, to name which extracts to download for a trip (`ExtractCover`).
public struct GeofabrikIndex: Sendable {
    public static let header = "# roadtrip geofabrik index 1"
    public static let resource = "regions/geofabrik.tsv"
    public static let downloadPrefix = "https://download.geofabrik.de/"
    public static let attribution = "Geofabrik's index of extracts \(Credits.openStreetMap)"

    public struct Extract: Equatable, Sendable {
        public var id: String
        public var name: String
        public var parent: String
        /// The PBF's size in bytes when the index was made; 0 when Geofabrik's index gave none.
        public var bytes: Int64
        public var url: String
        /// Outer rings (holes are not kept: an extract inside another is the smaller one).
        public var rings: [RegionOutline]

        /// `bytes`, nil when unknown (19 extracts of the shipped index: Baden-Württemberg, Iceland, Wales…).
        public var size: Int64? { bytes > 0 ? bytes : nil }

        /// The file its address downloads: `utah-latest.osm.pbf`.
        public var fileName: String { url.split(separator: "/").last.map(String.init) ?? url }

        public func contains(_ coordinate: Coordinate) -> Bool {
            rings.contains { $0.contains(coordinate) }
        }
    }

    public struct FormatError: Error, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "geofabrik.tsv line \(line): \(reason)" }
    }

    public var extracts: [Extract]

    /// The index shipped with the app (`ResourceLocator`).
    public static func shipped() throws -> GeofabrikIndex {
        guard let url = ResourceLocator.url(for: resource) else {
            throw FormatError(line: 0, reason: "not found (looked for \(resource) in the app's resources)")
        }
        let data = try Data(contentsOf: url)
        guard data.count <= 64 << 20 else { throw FormatError(line: 0, reason: "larger than 64 MB") }
        return try parse(String(decoding: data, as: UTF8.self))
    }

    public static func parse(_ text: String) throws -> GeofabrikIndex {
        var extracts: [Extract] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if offset == 0 {
                guard line == header else { throw FormatError(line: 1, reason: "expected \"\(header)\"") }
                continue
            }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let bytes = Int64(fields[3]), bytes >= 0 else {
                throw FormatError(line: offset + 1, reason: "expected 6 fields, the 4th a size in bytes")
            }
            var rings: [RegionOutline] = []
            for ring in fields[5].split(separator: ";") {
                let corners = ring.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
                guard corners.count >= 3, corners.allSatisfy({ $0.count == 2 && (-180...180).contains($0[0]) && (-90...90).contains($0[1]) }) else {
                    throw FormatError(line: offset + 1, reason: "an outline is not a list of lon,lat corners")
                }
                rings.append(RegionOutline(corners: corners))
            }
            let url = fields[4].hasPrefix("https://") ? fields[4] : downloadPrefix + fields[4]
            extracts.append(Extract(id: fields[0], name: fields[1], parent: fields[2], bytes: bytes, url: url, rings: rings))
        }
        return GeofabrikIndex(extracts: extracts)
    }
}
