import Foundation

/// An OSRM server's HTTP API (`GET {base}/route/v1/{profile}/{lon},{lat};{lon},{lat}`): a local
/// `osrm-routed` on the user's region, or any server they may use. One request per leg (a matrix: see
/// `OSRMEngine+Table.swift`), blocking (callers are off the main thread), never retried: a failed leg falls
/// back to the estimate.
public struct OSRMEngine: RoutingEngine {
    public let baseURL: URL
    public let profile: String
    /// For the connection and then between any two parts of the answer (so also the server's thinking);
    /// whole seconds, at least one.
    public let idleTimeout: TimeInterval
    /// For the whole request.
    public let totalTimeout: TimeInterval
    /// OSRM snaps a stop to the nearest road however far it is; farther than this, the leg would start
    /// somewhere else (a stop outside the server's region), so there is no road near the stop.
    public static let snapLimitMeters = 5_000.0
    /// A table asks for at most this many sources by this many destinations at once: osrm-routed refuses
    /// more than its `--max-table-size` squared (100 by default).
    public let tableLimit: Int
    /// The vehicle and the roads to avoid.
    public let route: RouteProfile

    private let connection: HTTPConnection
    /// What the server refused to exclude (`OSRMEngine+Exclude`).
    let exclusions = OSRMExclusions()

    public init(baseURL: URL, profile: String = "driving", idleTimeout: TimeInterval = 2, totalTimeout: TimeInterval = 10,
                tableLimit: Int = 100, route: RouteProfile = .standard) {
        self.baseURL = baseURL
        self.profile = profile
        self.route = route
        self.tableLimit = max(1, tableLimit)
        // Whole seconds, as the messages say it.
        self.idleTimeout = max(1, idleTimeout.rounded(.up))
        self.totalTimeout = totalTimeout
        connection = HTTPConnection(headers: ["User-Agent: roadtrip/\(Release.version)", "Accept: application/json"],
                                    idleTimeout: self.idleTimeout, totalTimeout: totalTimeout)
    }

    public var source: LegSource { .osrm }
    public var identity: String { "osrm \(base) \(profile)" + route.identity }

    /// The base URL as the user wrote it, without a trailing slash.
    var base: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The request for the leg: full geometry as polyline6 (compact; `Polyline` reads it), the classes of ways
    /// `excluding` keeps off, and with a top speed each segment's distance and time (to cap them).
    public func requestURL(from: Coordinate, to: Coordinate, excluding: [Avoid] = []) -> URL? {
        let annotations = route.topSpeedKmh > 0 ? "&annotations=distance,duration" : ""
        return URL(string: "\(base)/route/v1/\(profile)/\(Self.point(from));\(Self.point(to))?overview=full&geometries=polyline6"
            + annotations + Self.excludeQuery(excluding))
    }

    /// A point as OSRM's URLs write it: longitude first.
    static func point(_ coordinate: Coordinate) -> String {
        String(format: "%.6f,%.6f", coordinate.longitude, coordinate.latitude)
    }

    public func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        let (data, status, excluded) = try excluding { try get(requestURL(from: from, to: to, excluding: $0)) }
        return profiled(try Self.answer(data, status: status, topSpeedKmh: route.topSpeedKmh), excluded: excluded)
    }

    /// The answer's body and HTTP status.
    func get(_ url: URL?) throws -> (Data, Int) {
        guard ["http", "https"].contains(baseURL.scheme?.lowercased() ?? ""), let url else {
            throw RoutingFailure.unavailable("OSRM: not an http URL: \(TerminalSafe.line(base))")
        }
        do throws(HTTPConnection.Failure) {
            let answer = try connection.get(url.absoluteString)
            return (answer.body, answer.status)
        } catch {
            throw failure(error)
        }
    }

    private func failure(_ failure: HTTPConnection.Failure) -> RoutingFailure {
        switch failure {
        case .idle:
            return .timedOut("OSRM: no answer within \(idleTimeout.secondsText) s")
        case .total:
            return .timedOut("OSRM: timed out after \(totalTimeout.secondsText) s")
        case .noServer:
            return .unavailable("OSRM: no server at \(TerminalSafe.line(base))")
        case .tooLarge:
            return .badAnswer("OSRM: answer over \(HTTPConnection.bodyLimit >> 20) MB")
        case let .libraryMissing(reason):
            return .unavailable("OSRM: needs libcurl (Debian: libcurl4): \(TerminalSafe.line(reason))")
        case let .other(reason):
            return .unavailable("OSRM: cannot reach \(TerminalSafe.line(base)) (\(TerminalSafe.line(reason)))")
        }
    }

    private struct Answer: Decodable {
        struct Route: Decodable {
            let distance: Double
            let duration: Double
            let geometry: String
            let legs: [Leg]?
        }

        /// Each segment's metres and seconds (`annotations=distance,duration`).
        struct Leg: Decodable {
            struct Annotation: Decodable {
                let distance: [Double]
                let duration: [Double]
            }

            let annotation: Annotation?
        }

        struct Waypoint: Decodable {
            let distance: Double?
        }

        let code: String?
        let routes: [Route]?
        let waypoints: [Waypoint]?
    }

    /// Internal for the fuzzer (FuzzChecks): any bytes give a leg of valid coordinates or a `RoutingFailure`.
    /// With `topSpeedKmh`, each segment faster than it takes its time at it (turns keep theirs); without the
    /// segments, the whole leg at most at it.
    static func answer(_ data: Data, status: Int, topSpeedKmh: Double = 0) throws -> RoutedLeg {
        let answer = try? JSONDecoder().decode(Answer.self, from: data)
        try check(answer?.code, status: status)
        if let waypoints = answer?.waypoints, waypoints.contains(where: { ($0.distance ?? 0) > Self.snapLimitMeters }) {
            throw RoutingFailure.noRoute("OSRM: no road near stop")
        }
        guard let route = answer?.routes?.first, route.distance.isFinite, route.duration.isFinite,
              route.distance >= 0, route.duration >= 0,
              let geometry = try? Polyline.decode(route.geometry, precision: 6) else {
            throw RoutingFailure.badAnswer("OSRM: unreadable answer")
        }
        let distanceKm = route.distance / 1000
        var seconds = route.duration
        if topSpeedKmh > 0 {
            let annotations = (route.legs ?? []).compactMap(\.annotation)
            if !annotations.isEmpty, annotations.allSatisfy({ $0.distance.count == $0.duration.count }) {
                for annotation in annotations {
                    for (metres, time) in zip(annotation.distance, annotation.duration) where metres.isFinite && time.isFinite {
                        seconds += max(0, metres / 1000 / topSpeedKmh * 3600 - time)
                    }
                }
            } else {
                seconds = RouteProfile(topSpeedKmh: topSpeedKmh).capped(km: distanceKm, seconds: seconds)
            }
        }
        return RoutedLeg(distanceKm: distanceKm, durationSeconds: seconds, geometry: geometry, source: .osrm)
    }

    /// Throws what an answer's code says unless it is a success.
    static func check(_ code: String?, status: Int) throws {
        switch code {
        case "NoSegment"?: throw RoutingFailure.noRoute("OSRM: no road near stop")
        case "NoRoute"?: throw RoutingFailure.noRoute("OSRM: no route")
        case "Ok"? where status == 200: return
        case let code?:
            throw RoutingFailure.badAnswer("OSRM: HTTP \(status) \(TerminalSafe.line(String(code.prefix(40))))")
        case nil:
            throw RoutingFailure.badAnswer(status == 200 ? "OSRM: unreadable answer" : "OSRM: HTTP \(status)")
        }
    }
}
