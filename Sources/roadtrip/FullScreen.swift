import Foundation
import RoadtripApp
import RoadtripCore
import TerminalUI

/// Starts the full-screen app: the data is opened before the terminal changes mode, so a file problem is
/// reported on a normal terminal, and the terminal is restored on every way out. A crash report goes to
/// `$XDG_STATE_HOME/roadtrip/` (set before start by CCrashReports; else the process restarts itself once for that,
/// before opening anything).
enum FullScreen {
    /// `settings`: the file's, with `overrides` (the command line's, for this run) applied; `settingsFile`: where
    /// the Settings screen saves; `settingsProblems`: what was wrong in it (the defaults were used), shown at start.
    static func run(dataURL: URL, settings: Settings, settingsFile: SettingsFile, overrides: SettingsOverrides,
                    settingsProblems: [String], firstFrameOnly: Bool) throws {
        try starting { try CursesTerminal.checkCanStart() }
        CrashReports.restartReporting(to: CrashReports.directory(for: "roadtrip"))
        // The time-zone index (2.8 MB) is read while the file opens: the first frame's clocks (the selected trip's
        // map) need it, when there are trips.
        if FileManager.default.fileExists(atPath: dataURL.path) {
            DispatchQueue.global(qos: .userInitiated).async { _ = try? TimeZoneIndex.bundled() }
        }
        let store = try failing { try TripStore.open(at: dataURL, options: RoadtripApplication.storeOptions) }
        let terminal = try starting { try CursesTerminal() }
        // The gazetteer, the base map and the rest of a large file load in the background once the first frame is
        // drawn, which has the cores to itself: the gazetteer's index is mapped from the cache (built there on the first
        // run, half a second of a core) and only search needs it; the maps draw their outlines from the next frame on.
        let places = PlaceIndexLoader(cacheDirectory: LegCache.defaultDirectory(), startNow: false)
        // The installed regions' places and POIs: read after the first frame, and again within a second or two of a
        // region added, rebuilt or removed meanwhile.
        let regions = RegionLoader(cacheDirectory: LegCache.defaultDirectory(), startNow: false, followEvery: 1)
        let baseMap = BaseMapLoader(startNow: false)
        let ending = RoadtripApplication.run(repository: store, places: places, regions: regions, baseMap: baseMap,
                                             terminal: terminal, firstFrameOnly: firstFrameOnly, settings: settings,
                                             settingsFile: settingsFile, overrides: overrides,
                                             notices: settingsProblems,
                                             legCache: LegCache(directory: LegCache.defaultDirectory()),
                                             water: .bundled(cacheDirectory: LegCache.defaultDirectory()),
                                             afterFirstFrame: { store.readRestOfFile() })
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

    /// Says why the terminal cannot show the app.
    private static func starting<T>(_ body: () throws -> T) throws -> T {
        let advice = "Set TERM to your terminal's type (e.g. xterm-256color), or use the subcommands (roadtrip --help)"
        do {
            return try body()
        } catch CursesTerminal.StartError.notATerminal {
            throw CLIFailure.user("the full-screen app needs a terminal; the subcommands work without one "
                                  + "(roadtrip --help)")
        } catch CursesTerminal.StartError.cannotMoveCursor(let type) {
            throw CLIFailure.user("the full-screen app cannot run on TERM=\(TerminalSafe.line(type)): it cannot move "
                                  + "the cursor. \(advice)")
        } catch CursesTerminal.StartError.unsupportedTerminal(let type) {
            throw CLIFailure.user("the full-screen app cannot run on TERM=\(TerminalSafe.line(type)): this system "
                                  + "does not know that terminal type. \(advice)")
        } catch {
            throw CLIFailure.user("cannot start the full-screen app: \(error)")
        }
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
