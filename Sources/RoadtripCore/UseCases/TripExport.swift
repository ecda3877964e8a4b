import Foundation

/// Writing a trip to a file in one of the export formats: what `roadtrip export -o` and the trip screen's
/// export dialog both do.
public enum TripExport {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The path is the trips file: replacing it with an export would lose every trip.
        case isTheTripsFile(String)
        case cannotWrite(path: String, reason: String)

        public var description: String {
            switch self {
            case let .isTheTripsFile(path):
                return "\(path) is the trips file itself; choose another file"
            case let .cannotWrite(path, reason):
                return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Writes the trip's document to `url`, replacing it atomically, with the mode a shell's `>` would give a
    /// new file. Throws `ExportError` (nothing to export in that format) or `Failure`.
    public static func write(_ trip: Trip, _ itinerary: Itinerary, format: ExportFormat, unit: DistanceUnit,
                             to url: URL, tripsFile: URL?) throws {
        if let tripsFile, url.resolvingSymlinksInPath().path == tripsFile.resolvingSymlinksInPath().path {
            throw Failure.isTheTripsFile(url.path)
        }
        let text = try format.document(trip, itinerary, unit: unit)
        do {
            try AtomicWrite.write(Data(text.utf8), to: url, mode: 0o666 & ~currentUmask())
        } catch {
            throw Failure.cannotWrite(path: url.path, reason: "\(error)")
        }
    }

    /// "route-66.gpx": the trip's name in lower case, letters and digits of any script kept, the rest as dashes.
    public static func fileName(for trip: Trip, format: ExportFormat) -> String {
        var slug = ""
        for character in trip.name.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return (slug.isEmpty ? "trip" : String(slug.prefix(60))) + "." + format.fileExtension
    }

    /// The process's umask (read by setting it, then setting it back).
    private static func currentUmask() -> mode_t {
        let mask = umask(0o077)
        umask(mask)
        return mask
    }
}
