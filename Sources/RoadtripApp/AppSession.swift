import Foundation
import RoadtripCore
import TerminalUI

extension RoadtripApplication {
    /// The app wired on a terminal with the trip list pushed, but not running: for benchmarks and tools
    /// that drive it one key at a time (`session.app.handle(key); session.app.renderFrame()`).
    /// Keep the session alive while the app is used: the modules' routers point back to its wiring
    /// (`AppContext`) without owning it.
    public final class Session {
        public let app: Application
        let context: AppContext
        /// Saves each change after its frame, a large file's on another thread.
        let saving: SaveAfterFrame
        /// Asks before a quit would lose a change the file does not hold.
        let unsavedChanges: UnsavedChangesGuard
        /// Why the app stopped, when the rest of a large file turned out unreadable.
        var unreadable: String?
        /// Follows the settings file changed elsewhere (`run` starts it after the first frame).
        var settingsFollower: SettingsFollower?
        /// Merges another machine's version and sync conflict copies as they arrive (`run` starts it).
        var syncFollower: SyncFollower?

        /// The legs and days every screen reads, and the changes they follow (for drivers and benchmarks).
        public var routes: RouteService { context.routes }
        public var feed: ChangeFeed { context.feed }
        public var late: LateData { context.late }

        init(app: Application, context: AppContext, saving: SaveAfterFrame, unsavedChanges: UnsavedChangesGuard) {
            self.app = app
            self.context = context
            self.saving = saving
            self.unsavedChanges = unsavedChanges
        }
    }

    /// Wires the app as `run` does (trip list on the stack, screen-level quit ends the loop) and returns it
    /// without drawing or reading a key.
    /// `settings`: the file's with the command line's overrides (`--units`, `--router`) applied, the one way they
    /// reach the app; `settingsFile`: where the Settings screen saves (none by
    /// default); `overrides`: what the command line set for this run, kept when the Settings screen changes the
    /// file; `makeEngine` and `legCache` give the real roads (the estimate alone by default); `rescueCandidates`:
    /// where to write every trip when the data file cannot be saved on the way out; `water`: the estimate's
    /// water check, read once `late` starts the shorelines (`run` does after the first frame);
    /// `saveInBackgroundAbove`: the file size in bytes above which saves are written off the loop (nil: never).
    public static func makeSession(repository: TripRepository, places: PlaceIndexLoader?,
                                   regions: RegionLoader? = nil,
                                   baseMap: BaseMapLoader? = nil, terminal: Terminal, settings: Settings = Settings(),
                                   settingsFile: SettingsFile? = nil,
                                   overrides: SettingsOverrides = SettingsOverrides(),
                                   notices: [String] = [],
                                   makeEngine: @escaping RouteService.EngineFactory = RoutingEngines.make,
                                   legCache: LegLookup? = nil, water: WaterCrossing? = .bundled(),
                                   saveInBackgroundAbove: Int? = nil,
                                   environment: [String: String] = ProcessInfo.processInfo.environment,
                                   rescueCandidates: @escaping () -> [URL] = { RescueCopy.candidates() }) -> Session {
        let app = Application(terminal: terminal)
        app.frameLog = environment["ROADTRIP_FRAME_LOG"].flatMap(FrameLog.init(path:))
        let saving = SaveAfterFrame(repository, backgroundAbove: saveInBackgroundAbove) { [weak app] in app?.post($0) }
        let live = LiveSettings(settings)
        let feed = ChangeFeed()
        app.afterFrame = { saveAfterFrame(saving, feed) }
        saving.failedInBackground = { [weak feed] in feed?.publish(.saveFailed(StatusMessage.failure($0).text)) }
        let late = LateData(feed: feed) { [weak app] work in app?.post(work) }
        water?.register(in: late)
        places?.register(as: .places, in: late)
        baseMap?.register(as: .baseMap, in: late)
        let routes = RouteService(settings: { live.current }, makeEngine: makeEngine, cache: legCache, late: late,
                                  water: water)
        let context = AppContext(repository: saving, settings: live, routes: routes, feed: feed, late: late,
                                 settingsFile: settingsFile, overrides: overrides, notices: notices, places: places,
                                 regions: regions,
                                 baseMap: baseMap, environment: environment, stack: app.stack,
                                 copyToClipboard: { [unowned app] in app.terminal.copyToClipboard($0) },
                                 post: { [weak app] work in app?.post(work) }) { [unowned app] in
            app.requestQuit()
        }
        // The regions are read after the first frame and again whenever one is added, rebuilt or removed: the
        // router's list of regions is made again from the second read on.
        // Weak and by part: the session's wiring must be freed with it.
        let regions = context.regions
        late.register(.regions) { regions.start() }
        regions.onChange = { [weak routes, weak late] revision in
            if revision > 1 { routes?.enginesMayHaveChanged() }
            late?.arrived(.regions)
        }
        app.stack.push(TripListBuilder.build(context: context))
        let unsavedChanges = UnsavedChangesGuard(repository: saving, app: app, candidates: rescueCandidates)
        app.mayQuit = { [unowned unsavedChanges] in unsavedChanges.mayQuit() }
        let session = Session(app: app, context: context, saving: saving, unsavedChanges: unsavedChanges)
        session.settingsFollower = settingsFile.map {
            SettingsFollower(file: $0, service: context.settingsService, messages: app.messages) { [weak app] in app?.post($0) }
        }
        session.syncFollower = (repository as? TripStore).map { store in
            SyncFollower(store: store, saving: saving, history: context.history, messages: app.messages) { [weak app] in app?.post($0) }
        }
        if saving.isLoading {
            // A large file's first trips are on screen; the rest arrives from another thread.
            saving.whenLoaded { [weak session] in
                session?.app.post { [weak session] in session.map { finishLoading(saving, $0) } }
            }
        }
        return session
    }

    /// Saves the change the frame just drawn shows; a failure is published for the screens that show it (the
    /// change stays in memory). Returns whether the screen must be drawn again.
    private static func saveAfterFrame(_ saving: SaveAfterFrame, _ feed: ChangeFeed) -> Bool {
        guard let error = saving.saveIfChanged() else { return false }
        feed.publish(.saveFailed(StatusMessage.failure(error).text))
        return true
    }

    /// Takes the whole file once its background read is over: the lists fill in, or the run ends when the
    /// rest of the file cannot be read.
    private static func finishLoading(_ saving: SaveAfterFrame, _ session: Session) {
        do {
            try saving.finishLoading()
            session.context.feed.publish(.allTripsLoaded)
        } catch {
            session.unreadable = String(describing: error)
            session.app.quitNow()
        }
    }
}
