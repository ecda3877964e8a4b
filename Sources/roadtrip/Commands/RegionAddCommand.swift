import ArgumentParser
import CNcursesw
import Foundation
import RoadtripCore

/// `roadtrip region add FILE.osm.pbf… [--name NAME | --to NAME]` (also `roadtrip routing-data FILE`).
struct RegionAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Build a region from OpenStreetMap extracts (Geofabrik .osm.pbf downloads).",
        discussion: """
            Builds its roads (Routino), places, points of interest and outline (from a Geofabrik .poly file \
            beside each extract when there is one, else its bounding box). Several extracts (neighbouring states, \
            as `region which` names them) are merged into one region, so legs across their borders get roads: \
            name it with --name. --to NAME rebuilds the region NAME from the extracts it was built from (each \
            still the same file: its size and checksum are checked) plus the ones given. A region of the same \
            name is replaced only when the new one is complete. Needs Debian's osmium-tool and routino.
            """)

    @Argument(help: ArgumentHelp("OpenStreetMap extracts (.osm.pbf; also .osm, .o5m, .osm.bz2/.gz).",
                                 valueName: "osm-file"))
    var osmFiles: [String]
    @Option(name: .long, help: ArgumentHelp("The region's name (default for one file: from it, norway-latest.osm.pbf → norway).",
                                            valueName: "name"))
    var name: String?
    @Option(name: .long, help: ArgumentHelp("Add the extracts to this installed region: it is rebuilt from its sources and them.",
                                            valueName: "region"))
    var to: String?
    @OptionGroup var regions: RegionDirectoryOption

    func validate() throws {
        guard !osmFiles.isEmpty else { throw ValidationError("name at least one extract (FILE.osm.pbf)") }
        if name != nil && to != nil { throw ValidationError("give --name or --to, not both") }
    }

    func run() throws {
        let directory = try regions.checked()
        if let to {
            try Self.extend(to, with: osmFiles, in: directory)
        } else {
            try Self.add(osmFiles, name: name, in: directory)
        }
    }

    static func add(_ osmFiles: [String], name: String?, in directory: URL) throws {
        let extracts = osmFiles.map(absolute)
        guard let name = name ?? (extracts.count == 1 ? RegionName.from(file: extracts[0]) : nil) else {
            throw CLIFailure.user(RegionBuildError.unnamedMerge.description)
        }
        try build(name, from: extracts, in: directory) { try $0.build(from: extracts, name: name, in: directory) }
    }

    /// `--to`: the installed region, rebuilt from its sources and `osmFiles`.
    static func extend(_ name: String, with osmFiles: [String], in directory: URL) throws {
        let installed = InstalledRegions.scan(directory)
        guard let region = installed.regions.first(where: { $0.name == name }) else {
            if let problem = installed.problems[name] {
                throw CLIFailure.user("the region \(TerminalSafe.line(name)) is damaged (\(problem)): "
                    + "build it anew with roadtrip region add FILE… --name \(TerminalSafe.line(name))")
            }
            throw CLIFailure.user("no region named \(TerminalSafe.line(name)) in \(TerminalSafe.line(directory.path)) "
                + "(see roadtrip region list); to make one: roadtrip region add FILE… --name \(TerminalSafe.line(name))")
        }
        let extracts = osmFiles.map(absolute)
        let all = region.manifest.sources.map { URL(fileURLWithPath: $0.path) } + extracts
        try build(name, from: all, in: directory) { try $0.extend(region, with: extracts, in: directory) }
    }

    private static func absolute(_ path: String) -> URL {
        URL(fileURLWithPath: path).absoluteURL.standardized
    }

    /// Says what is built from what, builds it, then says what was built (or why not).
    private static func build(_ name: String, from extracts: [URL], in directory: URL,
                              _ body: (RegionBuilder) throws -> RegionBuilder.Result) throws {
        let folder = directory.appendingPathComponent(name)
        let terminal = isatty(STDOUT_FILENO) == 1
        if RegionName.isValid(name) {
            var seen: Set<String> = []
            let files = extracts.filter { seen.insert($0.path).inserted }.map(\.lastPathComponent)
            print("Building the region \(TerminalSafe.line(name)) in \(TerminalSafe.line(folder.path)) "
                + "from \(TerminalSafe.line(files.joined(separator: ", ")))...")
            fflush(stdout)
        }
        let result: RegionBuilder.Result
        var builder = RegionBuilder(progress: terminal ? .terminal : .lines)
        var rows: Int32 = 0, columns: Int32 = 0
        if terminal, rt_window_size(STDOUT_FILENO, &rows, &columns) == 0 { builder.columns = Int(columns) }
        do {
            result = try body(builder)
        } catch let error as RegionBuildError {
            throw error.isUserError ? CLIFailure.user(error.description) : CLIFailure.data(error.description)
        } catch {
            throw CLIFailure.data("cannot build the region in \(TerminalSafe.line(directory.path)): \(FileErrorReason.of(error))")
        }
        let manifest = result.region.manifest
        print("Built the region \(TerminalSafe.line(name)): places \(manifest.places), points of interest \(manifest.pois), "
            + "\(RegionFormat.area(manifest.outline.areaKm2)), roads \(RegionFormat.bytes(result.routinoBytes)). "
            + "Map data \(Credits.openStreetMap).")
        print("Disk: the region takes \(RegionFormat.bytes(result.disk.region)); building it wrote at least "
            + "\(RegionFormat.bytes(result.disk.written)), up to \(RegionFormat.bytes(result.disk.peak)) at once "
            + "(besides the extract\(extracts.count > 1 ? "s" : "")).")
    }
}
