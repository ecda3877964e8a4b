import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// Starts the full-screen app: the data is opened before the terminal changes mode, so a file problem is
/// reported on a normal terminal, and the terminal is restored on every way out.
enum FullScreen {
    static func run(dataURL: URL, unit: DistanceUnit, firstFrameOnly: Bool) throws {
        let store = try failing { try TripStore.open(at: dataURL, options: RoadtripApplication.storeOptions) }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal()
        } catch CursesTerminal.StartError.notATerminal {
            throw CLIFailure.user("the full-screen app needs a terminal; the subcommands work without one "
                                  + "(roadtrip --help)")
        } catch {
            throw CLIFailure.user("cannot start the full-screen app: \(error)")
        }
        // Starts loading the gazetteer in the background: ready long before the first search.
        let places = PlaceIndexLoader()
        let ending = RoadtripApplication.run(repository: store, unit: unit, places: places, terminal: terminal,
                                             firstFrameOnly: firstFrameOnly)
        terminal.shutdown()
        if store.hasUnsavedChanges {
            var message = "some changes could not be saved to \(dataURL.path)"
            if let copy = ending.rescueCopy {
                message += "; every trip, with them, is in \(copy.path) (open it with --data)"
            } else if let failure = ending.rescueFailure {
                message += "; writing a copy failed too: \(failure)"
            }
            Output.printError(message)
            exit(CLIFailure.dataErrorCode)
        }
        if case let .unreadable(message) = ending.outcome { throw CLIFailure.data(message) }
        if case let .signal(number) = ending.outcome { exit(128 + number) }
    }
}

/// `--demo`: the shipped sample trips, copied to a fresh temporary folder each time.
enum DemoData {
    static func scratchCopy() throws -> URL {
        guard let source = ResourceLocator.url(for: "demo/trips.json") else {
            throw CLIFailure.data("the demo trips (Resources/demo/trips.json) are not installed")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-demo-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("trips.json")
        try FileManager.default.copyItem(at: source, to: copy)
        return copy
    }
}
