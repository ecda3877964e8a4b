import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region add|list|remove|which`: region packs built from OpenStreetMap extracts.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Install regions from OpenStreetMap extracts: roads, places and points of interest, offline.",
        discussion: """
            A region is built from one or more extracts (.osm.pbf downloads from Geofabrik) into \
            $XDG_DATA_HOME/roadtrip/regions/NAME (else ~/.local/share/roadtrip/regions/NAME). Needs Debian's \
            osmium-tool and routino. Map data \(Credits.openStreetMap).
            """,
        subcommands: [RegionAddCommand.self, RegionListCommand.self, RegionRemoveCommand.self, RegionWhichCommand.self])
}

/// `--dir`: where regions live, for every `region` command.
struct RegionDirectoryOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The regions folder, instead of $XDG_DATA_HOME/roadtrip/regions.",
                                            valueName: "dir"))
    var dir: String?

    var url: URL {
        (dir.map { URL(fileURLWithPath: $0) } ?? InstalledRegions.defaultDirectory()).absoluteURL.standardized
    }

    /// `url`, once checked (`--dir ""` would be the current folder; a file or a FIFO is no folder), with the
    /// folders of builds killed mid-way (their process gone) removed.
    func checked() throws -> URL {
        if dir?.isEmpty == true { throw CLIFailure.user("--dir is empty: name the regions folder") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw CLIFailure.user("the regions folder \(TerminalSafe.line(url.path)) is not a folder")
            }
            guard access(url.path, R_OK | X_OK) == 0 else {
                throw CLIFailure.user("cannot read the regions folder \(TerminalSafe.line(url.path)): \(String(cString: strerror(errno)))")
            }
        }
        BuildBeside.sweep(url)
        return url
    }
}
