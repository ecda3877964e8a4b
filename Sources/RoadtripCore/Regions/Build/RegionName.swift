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

    /// A valid name made from a trip's: lower case, each run of characters a name cannot hold (spaces, `/`,
    /// emoji) one `-`, no `.` or `-` in front, cut to the limits; "trip" when nothing is left.
    /// "Outback & Kimberley 2027" → `outback-kimberley-2027`.
    public static func from(tripName: String) -> String {
        var name = ""
        for scalar in tripName.lowercased().unicodeScalars {
            let kept = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.".unicodeScalars.contains(scalar)
            if kept {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        while let first = name.first, first == "." || first == "-" { name.removeFirst() }
        while name.count > maxCharacters || name.utf8.count > maxBytes { name.removeLast() }
        while name.hasSuffix("-") { name.removeLast() }
        return isValid(name) ? name : "trip"
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
