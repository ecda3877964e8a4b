import Foundation

/// Writing a trip to a file in one of the export formats: what `roadtrip export -o` and the trip screen's
/// export dialog both do.
public enum TripExport {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The trips file or one that keeps it safe: replacing it with an export would lose trips.
        case storeFile(path: String, role: String)
        /// A folder, a block device, a socket: nothing an export can be.
        case notAFile(path: String, kind: String)
        case cannotWrite(path: String, reason: String)
        /// The path's folder is not there (or is a file): nothing was tried.
        case noFolder(path: String, MissingFolder)
        /// A regular file is there and the caller asked not to replace one without asking first.
        case exists(String)

        public var description: String {
            switch self {
            case let .storeFile(path, role):
                return "\(path) is \(role); choose another file"
            case let .notAFile(path, kind):
                return "\(path) is \(kind); choose a file"
            case let .cannotWrite(path, reason):
                return "cannot write \(path): \(reason)"
            case let .noFolder(path, problem):
                return "cannot write \(path): \(problem)"
            case let .exists(path):
                return "\(path) exists"
            }
        }
    }

    /// Writes the trip's document to `url`: a regular file is replaced atomically, with the mode a shell's `>`
    /// would give a new file; a device or FIFO is written into (`ExportTarget`). Without `replacing`, a regular
    /// file that is there is `Failure.exists` (the dialog asks first). Throws `ExportError` (nothing to export in
    /// that format) or `Failure`.
    public static func write(_ trip: Trip, _ itinerary: Itinerary, format: ExportFormat, unit: DistanceUnit,
                             to url: URL, tripsFile: URL?, replacing: Bool = true, cost: TripCost? = nil,
                             battery: TripBattery? = nil) throws {
        let target = try ExportTarget.resolve(url.path, tripsFile: tripsFile)
        if !replacing, case let .file(path) = target, FileManager.default.fileExists(atPath: path) {
            throw Failure.exists(url.path)
        }
        let data = Data(try format.document(trip, itinerary, unit: unit, cost: cost, battery: battery).utf8)
        do {
            switch target {
            case let .file(path):
                try AtomicWrite.write(data, to: URL(fileURLWithPath: path), mode: 0o666 & ~currentUmask())
            case let .stream(path):
                try ExportTarget.writeInto(path, data)
            }
        } catch let failure as Failure {
            throw failure
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
