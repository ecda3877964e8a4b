import ArgumentParser
import Foundation
import RoadtripCore

/// `--data PATH`, shared by every command.
struct DataOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The trips file.", valueName: "path"))
    var data: String?

    var url: URL { DataLocation.resolve(explicit: data) }

    /// Opens the store; a file problem becomes exit code 2 with the store's message. Creates nothing until the
    /// first change, so that commands that only read leave nothing behind.
    func openStore() throws -> TripStore {
        var options = TripStore.Options()
        options.createOnFirstChange = true
        return try failing { try TripStore.open(at: url, options: options) }
    }
}

/// `--units km|mi`.
struct UnitOptions: ParsableArguments {
    @Option(name: .long, help: "Distance unit: km or mi.")
    var units: DistanceUnit = .km
}

extension DistanceUnit: ExpressibleByArgument {}
