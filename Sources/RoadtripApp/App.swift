import Foundation
import RoadtripCore
import TerminalUI

/// The full-screen app: opens the data, pushes the trip list, runs the event loop, and restores the
/// terminal on the way out whatever happened.
public enum RoadtripApplication {
    /// How a run ended, for the process's exit status.
    public enum Outcome: Equatable {
        case quit
        /// Stopped by SIGINT/SIGTERM/SIGHUP: exit with 128 + signal, as shells expect.
        case signal(Int32)
        /// The rest of a large file could not be read (the message says where the copy and backup are).
        case unreadable(String)
    }

    /// How the app opens the data file: one larger than 4 MB (about 650 trips of 20 stops, read at once in
    /// some 15 ms) lists its first trips while the rest is read on another thread, started by the caller once
    /// the first frame is drawn (`afterFirstFrame`: `TripStore.readRestOfFile`).
    public static var storeOptions: TripStore.Options {
        var options = TripStore.Options()
        options.readInBackgroundAbove = 4 << 20
        options.readRestWhenAsked = true
        options.device = { DeviceIdentity.load() }
        return options
    }

    /// Saves of a file larger than 1 MB are written off the loop: encoding and writing one takes some 15 ms a
    /// megabyte, more than a frame's budget (a second for 72 MB).
    public static let saveInBackgroundAbove = 1 << 20

    /// How a run ended, and where the trips went when the data file could not take them.
    public struct Ending: Equatable {
        public var outcome: Outcome
        /// Every trip, written here because the last changes could not be saved to the data file (the user
        /// chose it on quitting, or a signal ended the run).
        public var rescueCopy: URL?
        /// Why writing that copy after a signal failed too.
        public var rescueFailure: String?
    }

    /// Runs the app on `terminal` until the user quits. The caller owns the terminal's shutdown.
    /// `settingsFile`, `overrides`, `makeEngine` and `water`: see `makeSession`.
    /// `firstFrameOnly` draws one frame and returns (start-up benchmark). `afterFirstFrame` runs once the first
    /// frame is drawn, beside the gazetteer's start: work the first frame does not need.
    public static func run(repository: TripRepository, places: PlaceIndexLoader?, regions: RegionLoader? = nil,
                           baseMap: BaseMapLoader? = nil, terminal: Terminal, firstFrameOnly: Bool = false, settings: Settings = Settings(),
                           settingsFile: SettingsFile? = nil, overrides: SettingsOverrides = SettingsOverrides(),
                           notices: [String] = [], makeEngine: @escaping RouteService.EngineFactory = RoutingEngines.make,
                           legCache: LegLookup? = nil, water: WaterCrossing? = .bundled(),
                           afterFirstFrame: @escaping () -> Void = {},
                           rescueCandidates: @escaping () -> [URL] = { RescueCopy.candidates() }) -> Ending {
        let session = makeSession(repository: repository, places: places, regions: regions, baseMap: baseMap, terminal: terminal,
                                  settings: settings, settingsFile: settingsFile, overrides: overrides,
                                  notices: notices, makeEngine: makeEngine, legCache: legCache, water: water,
                                  saveInBackgroundAbove: saveInBackgroundAbove, rescueCandidates: rescueCandidates)
        let app = session.app
        if firstFrameOnly {
            app.render()
            return Ending(outcome: .quit)
        }
        // Runs after the first frame (posted work waits for the loop): what the first frame does not need starts
        // then — the late data (base map, gazetteer, regions, shorelines: each tells the screens as it arrives).
        app.post {
            afterFirstFrame()
            session.late.start()
            session.settingsFollower?.start()
            session.syncFollower?.start()
        }
        // Routers hold the session's wiring unowned: keep it alive for the whole run.
        let reason = withExtendedLifetime(session) { app.run() }
        session.routes.close()
        session.settingsFollower?.stop()
        session.syncFollower?.stop()
        // A save still being written is finished first: what follows reads whether every change is on disk.
        session.saving.finishWriting()
        if let message = session.unreadable { return Ending(outcome: .unreadable(message)) }
        // Every change was saved when it was made; a save that failed was retried when the user quit (and the
        // user chose what to do if it failed again). A signal asks nobody: one more try, then the copy.
        if case let .signal(number) = reason {
            let failure = session.unsavedChanges.rescueAfterSignal()
            return Ending(outcome: .signal(number), rescueCopy: session.unsavedChanges.rescueCopy, rescueFailure: failure)
        }
        if repository.hasUnsavedChanges { try? repository.save() }
        return Ending(outcome: .quit, rescueCopy: session.unsavedChanges.rescueCopy)
    }
}
