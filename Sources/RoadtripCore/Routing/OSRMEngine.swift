import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

    private let connection: Connection

    public init(baseURL: URL, profile: String = "driving", idleTimeout: TimeInterval = 2, totalTimeout: TimeInterval = 10,
                tableLimit: Int = 100) {
        self.baseURL = baseURL
        self.profile = profile
        self.tableLimit = max(1, tableLimit)
        // swift-corelibs-foundation counts it in whole seconds: under one would be none at all.
        self.idleTimeout = max(1, idleTimeout.rounded(.up))
        self.totalTimeout = totalTimeout
        connection = Connection(idleTimeout: self.idleTimeout, totalTimeout: totalTimeout)
    }

    public var source: LegSource { .osrm }
    public var identity: String { "osrm \(base) \(profile)" }

    /// The base URL as the user wrote it, without a trailing slash.
    var base: String {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The request for the leg: full geometry as polyline6 (compact; `Polyline` reads it).
    public func requestURL(from: Coordinate, to: Coordinate) -> URL? {
        URL(string: "\(base)/route/v1/\(profile)/\(Self.point(from));\(Self.point(to))?overview=full&geometries=polyline6")
    }

    /// A point as OSRM's URLs write it: longitude first.
    static func point(_ coordinate: Coordinate) -> String {
        String(format: "%.6f,%.6f", coordinate.longitude, coordinate.latitude)
    }

    public func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        let (data, status) = try get(requestURL(from: from, to: to))
        return try Self.answer(data, status: status)
    }

    /// The answer's body and HTTP status.
    func get(_ url: URL?) throws -> (Data, Int) {
        guard ["http", "https"].contains(baseURL.scheme?.lowercased() ?? ""), let url else {
            throw RoutingFailure.unavailable("OSRM: not an http URL: \(TerminalSafe.line(base))")
        }
        var request = URLRequest(url: url)
        request.setValue("roadtrip/\(Release.version)", forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try fetch(request)
        return (data, response.statusCode)
    }

    private func fetch(_ request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let outcome = Outcome()
        let finished = DispatchSemaphore(value: 0)
        let task = connection.session.dataTask(with: request) { data, response, error in
            outcome.set(data, response, error)
            finished.signal()
        }
        task.resume()
        // Enforced here: swift-corelibs-foundation may not honour timeoutIntervalForResource.
        guard finished.wait(timeout: .now() + totalTimeout) == .success else {
            task.cancel()
            throw RoutingFailure.timedOut("OSRM: timed out after \(totalTimeout.secondsText) s")
        }
        let (data, response, error) = outcome.get()
        if let error {
            throw failure(error)
        }
        guard let http = response as? HTTPURLResponse else { throw RoutingFailure.badAnswer("OSRM: no HTTP answer") }
        return (data ?? Data(), http)
    }

    private func failure(_ error: Error) -> RoutingFailure {
        switch (error as? URLError)?.code {
        case .timedOut?:
            return .timedOut("OSRM: no answer within \(idleTimeout.secondsText) s")
        case .cannotConnectToHost?, .cannotFindHost?, .dnsLookupFailed?, .notConnectedToInternet?,
             .networkConnectionLost?, .cannotLoadFromNetwork?:
            return .unavailable("OSRM: no server at \(TerminalSafe.line(base))")
        default:
            return .unavailable("OSRM: cannot reach \(TerminalSafe.line(base)) (\((error as NSError).code))")
        }
    }

    private struct Answer: Decodable {
        struct Route: Decodable {
            let distance: Double
            let duration: Double
            let geometry: String
        }

        struct Waypoint: Decodable {
            let distance: Double?
        }

        let code: String?
        let routes: [Route]?
        let waypoints: [Waypoint]?
    }

    /// Internal for the fuzzer (FuzzChecks): any bytes give a leg of valid coordinates or a `RoutingFailure`.
    static func answer(_ data: Data, status: Int) throws -> RoutedLeg {
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
        return RoutedLeg(distanceKm: route.distance / 1000, durationSeconds: route.duration, geometry: geometry,
                         source: .osrm)
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

    /// One session per engine: kept-alive connections to the server across legs.
    private final class Connection: @unchecked Sendable {
        let session: URLSession

        init(idleTimeout: TimeInterval, totalTimeout: TimeInterval) {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = idleTimeout
            configuration.timeoutIntervalForResource = totalTimeout
            configuration.httpMaximumConnectionsPerHost = 1
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            session = URLSession(configuration: configuration)
        }

        deinit {
            session.invalidateAndCancel()
        }
    }

    /// What the completion handler hands over to the waiting caller.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, URLResponse?, Error?) = (nil, nil, nil)

        func set(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
            lock.withLock { value = (data, response, error) }
        }

        func get() -> (Data?, URLResponse?, Error?) {
            lock.withLock { value }
        }
    }
}
