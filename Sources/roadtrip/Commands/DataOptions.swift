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
        options.device = { DeviceIdentity.load() }
        let store = try failing { try TripStore.open(at: url, options: options) }
        foldConflictCopies(into: store)
        return store
    }

    /// A sync tool's conflict copies beside the file are merged in and saved before the command runs, each said on
    /// stderr; a copy that cannot be merged is left and said too. A save that fails is the command's to report.
    private func foldConflictCopies(into store: TripStore) {
        let folded = store.foldConflictCopies()
        guard !folded.isEmpty else { return }
        for copy in folded { FileHandle.standardError.write(Data("roadtrip: \(copy.message)\n".utf8)) }
        if store.hasUnsavedChanges { try? store.save() }
    }
}

/// `--units km|mi` and `--router estimate|osrm|routino|auto`: the settings file's values, overridden for one run.
struct UnitOptions: ParsableArguments {
    @Option(name: .customLong("units"), help: "Distance unit for this run, instead of the settings file's.")
    var unitsOverride: DistanceUnit?
    @Option(name: .customLong("router"),
            help: "Where leg distances and times come from for this run, instead of the settings file's.")
    var routerOverride: Settings.RouterKind?

    var overrides: SettingsOverrides { SettingsOverrides(units: unitsOverride, router: routerOverride) }

    /// The settings file, then this run's overrides; the file's problems (each with the default used instead).
    func effectiveSettings(file: SettingsFile = SettingsFile(url: SettingsFile.defaultURL()))
        -> (settings: Settings, problems: [String])
    {
        let (settings, problems) = file.load()
        return (overrides.applied(to: settings), problems)
    }
}

extension DistanceUnit: ExpressibleByArgument {}
extension Settings.RouterKind: ExpressibleByArgument {}
