import Foundation

/// Reads what `osmium export -f geojsonseq -a type,id` wrote: one feature a line (after an optional record
/// separator, 0x1E), its properties the object's tags plus `@type` and `@id`. A way or relation stands at the
/// centre of its bounding box. Charging stations (`ChargerTags`) are read from the same lines. A line that is not such a feature, or whose position is not a valid one, is
/// skipped and counted: the file comes from outside.
struct GeoJSONFeatures {
    /// A line longer than this (a vast forest or national park as one polygon) is skipped unread.
    static let maxLine = 32 << 20

    private(set) var places: [RegionFeature] = []
    private(set) var pois: [RegionFeature] = []
    private(set) var chargers: [Charger] = []
    private(set) var skipped = 0

    /// `progress` hears the share of the file read, every 65,536 lines.
    mutating func read(_ url: URL, progress: (Double) -> Void = { _ in }) throws {
        var reader = LineReader(maxLine: Self.maxLine)
        var count = 0, bytes = 0
        let size = max(1, ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 1)
        try reader.forEachLine(in: url) { line in
            // A country's file takes a while: a stop signal ends the build here too.
            count += 1
            bytes += line.count + 1
            if count % 65_536 == 0 {
                try StopSignals.check()
                progress(Double(bytes) / Double(size))
            }
            var line = line
            if line.first == 0x1E { line = line.dropFirst() }
            guard !line.isEmpty else { return }
            guard add(line) else {
                skipped += 1
                return
            }
        }
        skipped += reader.skipped
    }

    /// False when the line is not a feature with a valid position.
    private mutating func add(_ line: Data) -> Bool {
        guard let feature = (try? JSONSerialization.jsonObject(with: line)) as? [String: Any],
              let properties = feature["properties"] as? [String: Any],
              let type = properties["@type"] as? String, let prefix = ["node": "n", "way": "w", "relation": "r"][type],
              let id = (properties["@id"] as? NSNumber)?.int64Value, id > 0,
              let geometry = feature["geometry"] as? [String: Any],
              let (longitude, latitude) = Self.centre(of: geometry["coordinates"]) else { return false }
        var tags: [String: String] = [:]
        for (key, value) in properties where !key.hasPrefix("@") {
            if let text = value as? String { tags[key] = text }
        }
        let osmID = prefix + String(id)
        if let place = OSMFeatureTags.place(osmID: osmID, latitude: latitude, longitude: longitude, tags: tags) {
            places.append(place)
        }
        if let poi = OSMFeatureTags.poi(osmID: osmID, latitude: latitude, longitude: longitude, tags: tags) {
            pois.append(poi)
        }
        if let charger = ChargerTags.charger(osmID: osmID, latitude: latitude, longitude: longitude, tags: tags) {
            chargers.append(charger)
        }
        return true
    }

    /// The centre of the bounding box of GeoJSON coordinates (a point, or arrays of them at any depth);
    /// nil unless every position is a finite (longitude, latitude) in range.
    static func centre(of coordinates: Any?) -> (Double, Double)? {
        var (west, south, east, north) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func visit(_ value: Any?, depth: Int) -> Bool {
            guard depth < 6, let array = value as? [Any], !array.isEmpty else { return false }
            if let longitude = (array[0] as? NSNumber)?.doubleValue {
                guard array.count >= 2, let latitude = (array[1] as? NSNumber)?.doubleValue,
                      (-180...180).contains(longitude), (-90...90).contains(latitude) else { return false }
                (west, east) = (min(west, longitude), max(east, longitude))
                (south, north) = (min(south, latitude), max(north, latitude))
                return true
            }
            return array.allSatisfy { visit($0, depth: depth + 1) }
        }
        guard visit(coordinates, depth: 0) else { return nil }
        return ((west + east) / 2, (south + north) / 2)
    }
}
