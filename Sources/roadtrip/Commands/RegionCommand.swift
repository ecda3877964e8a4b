import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip region add|list|remove|which`: region packs built from OpenStreetMap extracts.
struct RegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "region",
        abstract: "Install regions from OpenStreetMap extracts: roads, places and points of interest, offline.",
        discussion: """
            A region is built from one extract (a .osm.pbf download from Geofabrik) into \
            $XDG_DATA_HOME/roadtrip/regions/NAME (else ~/.local/share/roadtrip/regions/NAME). Needs Debian's \
            osmium-tool and routino. Map data © OpenStreetMap contributors, ODbL.
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
}
