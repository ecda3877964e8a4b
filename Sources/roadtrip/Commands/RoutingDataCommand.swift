import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip routing-data FILE.osm.pbf`: the former one-database command, now `region add` under its old name.
struct RoutingDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routing-data",
        abstract: "Same as `region add`: build a region (roads, places, points of interest) from an OpenStreetMap extract.",
        discussion: """
            Kept for scripts that used it. It no longer switches the router setting: legs whose stops lie \
            inside an installed region are routed by it when the router is auto.
            """)

    @Argument(help: ArgumentHelp("An OpenStreetMap extract (.osm.pbf; also .osm, .o5m, .osm.bz2/.gz).",
                                 valueName: "osm-file"))
    var osmFile: String
    @Option(name: .long, help: ArgumentHelp("The region's name (default: from the file).", valueName: "name"))
    var name: String?
    @OptionGroup var regions: RegionDirectoryOption

    func run() throws {
        FileHandle.standardError.write(Data("roadtrip: routing-data is now `roadtrip region add`\n".utf8))
        try RegionAddCommand.add([osmFile], name: name, in: regions.checked())
    }
}
