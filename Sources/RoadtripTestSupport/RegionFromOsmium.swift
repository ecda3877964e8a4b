import Foundation
import RoadtripCore

/// A region folder for search tests, made from an extract by osmium alone (no Routino database: search reads
/// only the tables and the manifest). Independent of `region add`, so search tests do not test the build.
public enum RegionFromOsmium {
    /// Writes `NAME/places.tsv`, `NAME/pois.tsv` and `NAME/region.json` (outline: the tagged nodes' box, a little
    /// wider) under `regionsDirectory` from the tagged nodes of `pbf`.
    @discardableResult
    public static func install(_ pbf: URL, name: String, in regionsDirectory: URL) throws -> InstalledRegion {
        let (places, pois) = try features(of: pbf)
        return try install(places: places, pois: pois, name: name, source: pbf.path, in: regionsDirectory)
    }

    /// A region folder holding `places` and `pois` as they are.
    @discardableResult
    public static func install(places: [RegionFeature], pois: [RegionFeature], name: String, source: String = "/test",
                               in regionsDirectory: URL) throws -> InstalledRegion {
        let folder = regionsDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let all = places + pois
        let lats = all.map(\.latitude), lons = all.map(\.longitude)
        let outline = RegionOutline(west: (lons.min() ?? 0) - 0.1, south: (lats.min() ?? 0) - 0.1,
                                    east: (lons.max() ?? 0) + 0.1, north: (lats.max() ?? 0) + 0.1)
        let manifest = RegionManifest(name: name, source: source, sourceBytes: 0, built: "2026-01-01T00:00:00Z",
                                      outline: outline, places: places.count, pois: pois.count)
        let region = InstalledRegion(folder: folder, manifest: manifest)
        try RegionTable.write(places, to: region.placesFile)
        try RegionTable.write(pois, to: region.poisFile)
        try JSONEncoder().encode(manifest).write(to: folder.appendingPathComponent(InstalledRegion.manifestName))
        return region
    }

    /// The extract's tagged nodes as the issue defines places (`place=…`) and POIs (`POICategory.tags`), read
    /// from `osmium cat -f opl`.
    public static func features(of pbf: URL) throws -> (places: [RegionFeature], pois: [RegionFeature]) {
        let opl = try RoutingTools.run(try FjordExtract.osmium(), ["cat", pbf.path, "-t", "node", "-f", "opl"])
        var places: [RegionFeature] = [], pois: [RegionFeature] = []
        for line in String(decoding: opl, as: UTF8.self).split(separator: "\n") {
            guard let node = Node(line), !node.tags.isEmpty else { continue }
            let tags = node.tags
            let english = tags["name:en"].flatMap { $0 == tags["name"] ? nil : $0 } ?? ""
            var others: [String] = []
            for key in tags.keys.sorted() where (key.hasPrefix("name:") && key != "name:en") || key == "alt_name"
                || key == "old_name" || key == "brand" {
                if let value = tags[key], value != tags["name"], !others.contains(value) { others.append(value) }
            }
            let population = tags["population"].flatMap(Int.init) ?? 0
            if let kind = tags["place"], placeKinds.contains(kind) {
                places.append(RegionFeature(osmID: node.id, latitude: node.latitude, longitude: node.longitude, kind: kind,
                                            population: population, name: tags["name"] ?? "", englishName: english,
                                            otherNames: others))
            } else if let tag = POICategory.tags.first(where: { tags[$0.key] == $0.value }) {
                pois.append(RegionFeature(osmID: node.id, latitude: node.latitude, longitude: node.longitude,
                                          kind: tag.value, category: tag.category, name: tags["name"] ?? "",
                                          englishName: english, otherNames: others))
            }
        }
        return (places, pois)
    }

    static let placeKinds: Set = ["city", "town", "village", "hamlet", "isolated_dwelling", "locality", "island"]

    /// One OPL line: `n5 v1 dV c0 t i0 u Tplace=town,name=S%20%b x5 y60.7`.
    private struct Node {
        let id: String
        let latitude: Double
        let longitude: Double
        let tags: [String: String]

        init?(_ line: Substring) {
            var id: String?, x: Double?, y: Double?, tags: [String: String] = [:]
            for field in line.split(separator: " ") {
                let value = field.dropFirst()
                switch field.first {
                case "n": id = "n" + value
                case "x": x = Double(value)
                case "y": y = Double(value)
                case "T":
                    for pair in value.split(separator: ",") {
                        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                        if parts.count == 2 { tags[Self.unescape(parts[0])] = Self.unescape(parts[1]) }
                    }
                default: continue
                }
            }
            guard let id, let x, let y else { return nil }
            (self.id, longitude, latitude, self.tags) = (id, x, y, tags)
        }

        /// OPL writes `%hex%` for the code point of a space, comma, equals sign or percent sign (and others).
        private static func unescape(_ text: Substring) -> String {
            var out = String.UnicodeScalarView()
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "%" else { out.append(scalar); continue }
                var hex = ""
                while let digit = scalars.next(), digit != "%" { hex.unicodeScalars.append(digit) }
                if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) { out.append(decoded) }
            }
            return String(out)
        }
    }
}
