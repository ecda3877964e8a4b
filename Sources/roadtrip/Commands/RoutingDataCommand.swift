import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip routing-data FILE.osm.pbf`: one command from a downloaded OpenStreetMap extract to offline roads.
struct RoutingDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routing-data",
        abstract: "Build an offline road database (Routino) from an OpenStreetMap extract.",
        discussion: """
            <osm-file> is an extract of your region, e.g. a .osm.pbf download from Geofabrik. The database goes \
            to --dir, else $XDG_DATA_HOME/roadtrip/routino, else ~/.local/share/roadtrip/routino; an old one \
            there is replaced only when the new one is complete. Needs Debian's routino package.
            """)

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf, .osm, .o5m, or .osm.bz2/.gz).",
                                 valueName: "osm-file"))
    var osmFile: String
    @Option(name: .long, help: ArgumentHelp("Where to build the database.", valueName: "dir"))
    var dir: String?

    func run() throws {
        let extract = URL(fileURLWithPath: osmFile).absoluteURL.standardized
        let directory = (dir.map { URL(fileURLWithPath: $0) } ?? RoutinoDatabase.defaultDirectory()).absoluteURL.standardized
        print("Building the Routino database in \(TerminalSafe.line(directory.path)) "
            + "from \(TerminalSafe.line(extract.lastPathComponent))...")
        // planetsplitter writes to our stdout next: what we printed must come first.
        fflush(stdout)
        let size: Int64
        do {
            size = try RoutinoDatabase.build(from: extract, into: directory,
                                             progress: isatty(STDOUT_FILENO) == 1 ? .terminal : .lines)
        } catch let error as RoutinoDatabase.BuildError {
            if case .failed = error { throw CLIFailure.data(error.description) }
            throw CLIFailure.user(error.description)
        } catch {
            throw CLIFailure.data("cannot build the database in \(directory.path): \(error)")
        }
        let settings = SettingsFile(url: SettingsFile.defaultURL())
        do {
            try settings.set(SettingKey.router.rawValue, to: Settings.RouterKind.routino.rawValue)
            try settings.set(SettingKey.routinoDirectory.rawValue, to: directory.path)
        } catch {
            throw CLIFailure.data("built the database in \(directory.path), but could not switch the router to it: \(error)")
        }
        print("Built the Routino database in \(TerminalSafe.line(directory.path)) "
            + "(\(String(format: "%.1f", Double(size) / 1_048_576)) MB); legs now come from it (router = routino).")
    }
}
