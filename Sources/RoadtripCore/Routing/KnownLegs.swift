import Foundation

/// What the route service knows about legs: the engines' answers (in memory, and in the leg cache on disk),
/// the legs an engine could not give and why, and whether the current engine is down. The one place that
/// says "do we know this leg", for the itinerary, the trip list's distances and the matrix alike. Not
/// thread-safe: the route service holds its lock.
final class KnownLegs {
    enum Knowledge: Equatable {
        case leg(RoutedLeg)
        /// No answer, and no use asking now: the reason stands in.
        case failed(String)
        case unknown
    }

    let cache: LegLookup?
    private var answers: [LegKey: RoutedLeg] = [:]
    private var failures: [LegKey: String] = [:]
    private var downUntil: (until: Date, reason: String)?

    init(cache: LegLookup?) {
        self.cache = cache
    }

    func lookup(_ key: LegKey, from: Coordinate, to: Coordinate) -> Knowledge {
        if let known = answers[key] { return .leg(known) }
        if let known = cache?.leg(key.identity, from: from, to: to) {
            answers[key] = known
            return .leg(known)
        }
        if let reason = failures[key] ?? downReason { return .failed(reason) }
        return .unknown
    }

    /// Why the engine is not asked now (no server, a time-out), until `retryAfter` has passed.
    var downReason: String? {
        downUntil.flatMap { $0.until > Date() ? $0.reason : nil }
    }

    func remember(_ leg: RoutedLeg, _ key: LegKey, from: Coordinate, to: Coordinate) {
        answers[key] = leg
        cache?.store(leg, identity: key.identity, from: from, to: to)
    }

    /// A leg without a road is not asked again; an engine that is down is not asked for `retryAfter`.
    func record(_ failure: RoutingFailure, _ key: LegKey?, retryAfter: TimeInterval) {
        switch failure {
        case .unavailable, .timedOut:
            downUntil = (Date().addingTimeInterval(retryAfter), failure.description)
        case .noRoute, .badAnswer:
            if let key { failures[key] = failure.description }
        }
    }

    /// The settings changed: what failed may work now.
    func forgetFailures() {
        failures = [:]
        downUntil = nil
    }
}

/// A leg as the cache knows it: the engine, and both ends rounded to about a metre (1e-5°).
struct LegKey: Hashable, Sendable {
    let identity: String
    let from: (Int32, Int32)
    let to: (Int32, Int32)

    init(identity: String, from: Coordinate, to: Coordinate) {
        self.identity = identity
        self.from = (Self.round(from.latitude), Self.round(from.longitude))
        self.to = (Self.round(to.latitude), Self.round(to.longitude))
    }

    private static func round(_ degrees: Double) -> Int32 { Int32((degrees * 100_000).rounded()) }

    static func == (a: LegKey, b: LegKey) -> Bool {
        a.identity == b.identity && a.from == b.from && a.to == b.to
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(from.0)
        hasher.combine(from.1)
        hasher.combine(to.0)
        hasher.combine(to.1)
    }
}
