import Foundation

/// A region's name is its folder's name under `InstalledRegions.directory`, so it must be a plain one.
public enum RegionName {
    /// Characters, and bytes in UTF-8: a build's folder `.NAME.building-PID` must fit the 255 bytes of a
    /// file name (64 letters of 4 bytes would not).
    public static let maxCharacters = 64
    public static let maxBytes = 200

    /// The name a region gets from its extract's file: `norway-latest.osm.pbf` → `norway`.
    public static func from(file: URL) -> String {
        var name = file.lastPathComponent
        for suffix in [".osm.pbf", ".pbf", ".osm.bz2", ".osm.gz", ".osm", ".o5m"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        if name.hasSuffix("-latest") { name = String(name.dropLast("-latest".count)) }
        return name
    }

    /// Letters (any script), digits, `-`, `_` and `.`; 1 to `maxCharacters` characters and at most `maxBytes`
    /// bytes; not starting with `.` (hidden: builds in progress) or `-` (read as an option).
    public static func isValid(_ name: String) -> Bool {
        guard (1...maxCharacters).contains(name.count), name.utf8.count <= maxBytes,
              let first = name.unicodeScalars.first, first != ".", first != "-" else {
            return false
        }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
        }
    }
}
