import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region add FILE.osm.pbf [--name NAME]` (also `roadtrip routing-data FILE`).
struct RegionAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Build a region from an OpenStreetMap extract (a Geofabrik .osm.pbf download).",
        discussion: """
            Builds its roads (Routino), places, points of interest and outline (from a Geofabrik .poly file \
            beside the extract when there is one, else its bounding box). A region of the same name is \
            replaced only when the new one is complete. Needs Debian's osmium-tool and routino.
            """)

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf; also .osm, .o5m, .osm.bz2/.gz).",
                                 valueName: "osm-file"))
    var osmFile: String
    @Option(name: .long, help: ArgumentHelp("The region's name (default: from the file, norway-latest.osm.pbf → norway).",
                                            valueName: "name"))
    var name: String?
    @OptionGroup var regions: RegionDirectoryOption

    func run() throws {
        try Self.add(osmFile, name: name, in: regions.checked())
    }

    static func add(_ osmFile: String, name: String?, in directory: URL) throws {
        let extract = URL(fileURLWithPath: osmFile).absoluteURL.standardized
        let name = name ?? RegionName.from(file: extract)
        let folder = directory.appendingPathComponent(name)
        let terminal = isatty(STDOUT_FILENO) == 1
        let builder = RegionBuilder(progress: terminal ? .terminal : .lines)
        if RegionName.isValid(name) {
            print("Building the region \(TerminalSafe.line(name)) in \(TerminalSafe.line(folder.path)) "
                + "from \(TerminalSafe.line(extract.lastPathComponent))...")
            fflush(stdout)
        }
        let result: RegionBuilder.Result
        do {
            result = try builder.build(from: extract, name: name, in: directory)
        } catch let error as RegionBuildError {
            throw error.isUserError ? CLIFailure.user(error.description) : CLIFailure.data(error.description)
        } catch {
            throw CLIFailure.data("cannot build the region in \(TerminalSafe.line(directory.path)): \(FileErrorReason.of(error))")
        }
        let manifest = result.region.manifest
        print("Built the region \(TerminalSafe.line(name)): places \(manifest.places), points of interest \(manifest.pois), "
            + "\(RegionFormat.area(manifest.outline.areaKm2)), roads \(RegionFormat.bytes(result.routinoBytes)). "
            + "Map data \(Credits.openStreetMap).")
    }
}
