/// Who asks the route service for legs, and how much it matters now. Each requester's newest ask replaces
/// only its own older one, so one screen's cursor never cancels another's legs, and work in the background
/// (a solver's matrix) waits while a screen needs legs.
public struct RouteRequester: Hashable, Sendable {
    public enum Priority: Int, Comparable, Sendable {
        /// Work nobody is looking at: asked only when no screen waits.
        case background
        /// A screen or a command waiting to show legs: of two, the one that asked last goes first (the one the
        /// user is looking at).
        case screen

        public static func < (a: Priority, b: Priority) -> Bool { a.rawValue < b.rawValue }
    }

    public let name: String
    public let priority: Priority

    public init(_ name: String, priority: Priority) {
        self.name = name
        self.priority = priority
    }

    public static let tripScreen = RouteRequester("trip screen", priority: .screen)
    public static let tripMap = RouteRequester("trip map", priority: .screen)
    public static let dayPlan = RouteRequester("days", priority: .screen)
    /// The trip screen's `o`: the matrix and the routes of the order it shows, while the user waits for them.
    public static let optimise = RouteRequester("optimise", priority: .screen)
    /// The days view's `P`: the routes of each paced trip, while the user waits for them.
    public static let pace = RouteRequester("pace", priority: .screen)
    /// The days view's `a`: the roads of the day the list of POIs along it is measured on.
    public static let along = RouteRequester("along", priority: .screen)
    public static let commandLine = RouteRequester("command line", priority: .screen)
}
