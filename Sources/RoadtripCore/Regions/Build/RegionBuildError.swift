/// Why `RegionBuilder` did not build a region. `isUserError`: the user can fix it (another file, a name, a
/// package to install, a folder that can be written); otherwise the data or the tools failed. Every
/// description is one printable sentence (a tool's own words follow it on indented lines).
public enum RegionBuildError: Error, Equatable, CustomStringConvertible {
    case notInstalled(tool: String, package: String)
    case noInput(String)
    /// A folder, a FIFO or a device.
    case notAFile(String)
    case notOSM(String)
    /// An extract that opened but could not be read: where, and the system's reason.
    case cannotRead(String, reason: String)
    /// A source the region remembers (`region add --to`) that is gone, or not the file it was built from: the
    /// region, the file, and what differs.
    case sourceGone(region: String, path: String)
    case sourceChanged(region: String, path: String, what: String)
    /// Several extracts without `--name`; more than `RegionBuilder.maxSources`.
    case unnamedMerge
    case tooManySources(Int)
    case badName(String)
    /// The regions folder could not be written: where, and the system's reason (`FileErrorReason`).
    case cannotWrite(String, reason: String)
    case failed(String)
    case interrupted

    public var description: String {
        switch self {
        case let .notInstalled(tool, package): return "\(tool) is not installed (Debian: apt install \(package))"
        case let .noInput(path): return "no such file: \(TerminalSafe.line(path))"
        case let .notAFile(path): return "\(TerminalSafe.line(path)) is not a file"
        case let .notOSM(path):
            return "\(TerminalSafe.line(path)) is not an OpenStreetMap extract (a .osm.pbf file starts with an OSMHeader block)"
        case let .cannotRead(path, reason): return "cannot read \(TerminalSafe.line(path)): \(reason)"
        case let .sourceGone(region, path):
            return "the region \(TerminalSafe.line(region)) was built from \(TerminalSafe.line(path)), which is gone: "
                + "put it back, or build the region anew from the files you have (roadtrip region add FILE… --name "
                + "\(TerminalSafe.line(region)))"
        case let .sourceChanged(region, path, what):
            return "\(TerminalSafe.line(path)) changed since the region \(TerminalSafe.line(region)) was built from it "
                + "(\(what)): name it on the command line to build from it as it is now"
        case .unnamedMerge: return "several extracts make one region: name it with --name NAME (or add them to one with --to NAME)"
        case let .tooManySources(count):
            return "\(count) extracts are more than one region is built from (at most \(RegionBuilder.maxSources)): "
                + "use a larger extract that holds them"
        case let .badName(name):
            return "\"\(TerminalSafe.line(name))\" cannot be a region name: use a plain folder name (letters, digits, - _ .; "
                + "not starting with . or -; at most \(RegionName.maxCharacters) characters and \(RegionName.maxBytes) bytes)"
        case let .cannotWrite(folder, reason): return "cannot build the region in \(TerminalSafe.line(folder)): \(reason)"
        case let .failed(reason): return reason
        case .interrupted: return "interrupted; the region was not changed"
        }
    }

    public var isUserError: Bool {
        switch self {
        case .failed: return false
        default: return true
        }
    }

    init(_ routino: RoutinoDatabase.BuildError) {
        switch routino {
        case .notInstalled: self = .notInstalled(tool: "planetsplitter", package: "routino")
        case let .noInput(path): self = .noInput(path)
        case let .failed(reason): self = .failed(reason)
        case .interrupted: self = .interrupted
        }
    }
}
