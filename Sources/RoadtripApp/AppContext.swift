import Foundation
import RoadtripCore
import TerminalUI

/// What every module's builder needs: the data, the settings and the screen stack, plus how to build the
/// modules a router can open (so routers never construct each other's parts).
public final class AppContext {
    /// The trips, through the undo history every screen shares (`history`).
    public var repository: TripRepository { history }
    /// Every change since start, to undo and redo from any screen.
    public let history: ChangeHistory
    /// Read when formatting, so a changed setting shows everywhere at once.
    public let settings: LiveSettings
    /// Every screen's legs and days.
    public let routes: RouteService
    /// Changes from outside a screen's own actions (reloads, undo, late data).
    public let feed: ChangeFeed
    /// The door for data that arrives late: routes, shorelines, places, regions, the base map, settings.
    public let late: LateData
    /// The file the Settings screen changes; nil when this run has none (tests, tools).
    let settingsFile: SettingsFile?
    /// Puts a changed setting in force everywhere (with the command line's overrides for this run).
    let settingsService: SettingsService
    /// What to tell the user at start besides the data file's notices (problems in the settings file).
    let notices: [String]
    /// The gazetteer, loading in the background from start-up; nil when place search is off.
    let places: PlaceIndexLoader?
    /// The base map under the trip's map, loading in the background from start-up; nil in tests unless given.
    let baseMap: BaseMapLoader?
    /// The installed regions' places (the stop form) and points of interest (along the road, fuel gaps, the map):
    /// started after the first frame, or when first waited for.
    let regions: RegionLoader
    /// The process's environment, where the Settings screen resolves a default folder (a test gives its own).
    let environment: [String: String]
    let stack: ScreenStack
    /// The days view's cost column, on or off for the rest of the run.
    let dayPlanMemory = DayPlanMemory()
    /// Puts text on the system clipboard through the terminal; false when the terminal takes no such request.
    let copyToClipboard: (String) -> Bool
    /// Ends the app (quit from the root screen).
    let quit: () -> Void
    /// Runs work from another thread on the loop before its next frame (`Application.post`; at once in tests).
    let post: (@escaping () -> Void) -> Void

    /// `repository`: where changes go (saved after their frame in the app); the history wraps it.
    init(repository: TripRepository, settings: LiveSettings, routes: RouteService, feed: ChangeFeed, late: LateData,
         settingsFile: SettingsFile? = nil, overrides: SettingsOverrides = SettingsOverrides(),
         notices: [String] = [], places: PlaceIndexLoader?, regions: RegionLoader? = nil,
         baseMap: BaseMapLoader? = nil,
         environment: [String: String] = ProcessInfo.processInfo.environment, stack: ScreenStack,
         copyToClipboard: @escaping (String) -> Bool = { _ in false },
         post: @escaping (@escaping () -> Void) -> Void = { $0() }, quit: @escaping () -> Void) {
        self.copyToClipboard = copyToClipboard
        self.post = post
        self.baseMap = baseMap
        self.settingsFile = settingsFile
        self.notices = notices
        // Undo and redo are changes like any other, made through `repository` and saved the same way.
        history = ChangeHistory(repository, feed: feed)
        self.settings = settings
        self.routes = routes
        self.feed = feed
        self.late = late
        settingsService = SettingsService(live: settings, overrides: overrides, routes: routes, late: late)
        self.places = places
        self.environment = environment
        self.regions = regions ?? RegionLoader(directory: InstalledRegions.defaultDirectory(environment: environment),
                                               startNow: false)
        self.stack = stack
        self.quit = quit
    }

    public var unit: DistanceUnit { settings.current.units }

    func buildTripDetail(_ id: Trip.ID, saying message: String? = nil) -> Screen {
        TripDetailBuilder.build(tripID: id, saying: message, context: self)
    }

    func buildSettings() -> Screen {
        SettingsBuilder.build(context: self)
    }

    func buildDayPlan(_ id: Trip.ID, day: Int, output: DayPlanModuleOutput?) -> Screen {
        DayPlanBuilder.build(tripID: id, day: day, output: output, context: self)
    }

    func buildTripMap(_ id: Trip.ID, selected: Waypoint.ID?, output: TripMapModuleOutput?) -> Screen {
        TripMapBuilder.build(tripID: id, selected: selected, output: output, context: self)
    }

    func buildOptimise(_ id: Trip.ID, output: PreviewModuleOutput?) -> Screen {
        PreviewBuilder.build(OptimiseKind(routes: routes, settings: settings), tripID: id, output: output, context: self)
    }

    /// The towns where day `day` (0-based) could end.
    func buildOvernight(_ id: Trip.ID, day: Int, output: PreviewModuleOutput?) -> Screen {
        PreviewBuilder.build(OvernightKind(day: day, routes: routes, settings: settings, places: places),
                             tripID: id, output: output, context: self)
    }

    func buildPace(_ id: Trip.ID, output: PreviewModuleOutput?) -> Screen {
        PreviewBuilder.build(PaceKind(routes: routes, settings: settings, places: places), tripID: id, output: output,
                             context: self)
    }

    func buildCharge(_ id: Trip.ID, output: PreviewModuleOutput?) -> Screen {
        PreviewBuilder.build(ChargeKind(routes: routes, settings: settings, regions: regions), tripID: id, output: output,
                             context: self)
    }

    func buildAlong(_ id: Trip.ID, day: Int, output: PreviewModuleOutput?) -> Screen {
        PreviewBuilder.build(AlongKind(day: day, routes: routes, settings: settings, regions: regions), tripID: id,
                             output: output, context: self)
    }

    func buildWaypointForm(_ waypoint: Waypoint?, _ previous: Waypoint?, _ next: Waypoint?,
                           _ output: WaypointModuleOutput) -> Screen {
        WaypointBuilder.build(editing: waypoint, after: previous, before: next, output: output, context: self)
    }
}
