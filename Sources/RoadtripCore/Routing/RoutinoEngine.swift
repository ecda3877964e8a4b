import Foundation

/// Debian's `routino-router` on a local database (built by `roadtrip routing-data`, or a region's): offline roads.
/// Run as a separate program, never linked (its library is AGPL); one process per leg, or a few at once for a long
/// leg through the region's main roads (`atlas`, `RoutinoEngine+Atlas`).
public struct RoutinoEngine: RoutingEngine {
    public let databaseDirectory: URL
    public let profile: String
    public let executable: String
    /// A leg's time-out at 0 km; a longer one gets more (`timeout(forKm:)`).
    public let timeout: TimeInterval
    public let atlas: RoutinoAtlas?
    /// The vehicle and the roads to avoid.
    public let route: RouteProfile

    public init(databaseDirectory: URL, profile: String = "motorcar", executable: String = "routino-router",
                timeout: TimeInterval = 10, atlas: RoutinoAtlas? = nil, route: RouteProfile = .standard) {
        self.databaseDirectory = databaseDirectory
        self.profile = profile
        self.route = route
        self.executable = executable
        self.timeout = timeout
        self.atlas = atlas
    }

    public var source: LegSource { .routino }
    public var identity: String { "routino \(databaseDirectory.path) \(profile)" + route.identity }

    public func leg(from: Coordinate, to: Coordinate) throws -> RoutedLeg {
        try leg(from: from, to: to, isCancelled: nil)
    }

    /// Every open cell a process of its own, as many at once as there are cores; a cancel kills those running.
    public func table(filling matrix: LegMatrix, _ work: TableWork) throws -> LegMatrix {
        try ParallelLegs.fill(matrix, work) { try leg(from: $0, to: $1, isCancelled: work.isCancelled) }
    }

    /// The leg, its child killed as soon as `isCancelled` says so (then `CancellationError` is thrown).
    func leg(from: Coordinate, to: Coordinate, isCancelled: (() -> Bool)?) throws -> RoutedLeg {
        var leg: RoutedLeg
        if let atlas, let (entries, exits) = atlas.junctions(from: from, to: to),
           let main = try viaMainRoads(from, entries: entries, exits: exits, to, atlas: atlas, isCancelled: isCancelled) {
            leg = main
        } else {
            leg = try direct(from: from, to: to, isCancelled: isCancelled)
        }
        leg.unavoided = unavoidable
        return leg
    }

    /// Routino's search grows with the area a leg spans (a country's 1,000 km looks at most of its junctions), so
    /// a long leg without an atlas waits longer before it is given up: 1 s more per whole 50 km as the crow flies.
    func timeout(forKm km: Double) -> TimeInterval {
        timeout + (min(max(0, km), 5_000) / 50).rounded(.down)
    }

    /// One `routino-router` run from `from` to `to`.
    func direct(from: Coordinate, to: Coordinate, isCancelled: (() -> Bool)?) throws -> RoutedLeg {
        guard RoutinoDatabase.exists(in: databaseDirectory) else {
            throw RoutingFailure.unavailable("Routino: no database in \(databaseDirectory.path) "
                + "(build one: roadtrip routing-data FILE.osm.pbf)")
        }
        let result: ChildProcess.Result, limit = timeout(forKm: RoutinoAtlas.km(from, to))
        do {
            result = try ChildProcess.run(executable, arguments: arguments(from: from, to: to), captureOutput: true,
                                          timeout: limit, isCancelled: isCancelled)
        } catch ChildProcess.Failure.cancelled {
            throw CancellationError()
        } catch ChildProcess.Failure.notFound {
            throw RoutingFailure.unavailable("Routino: \(programName) is not installed")
        } catch ChildProcess.Failure.timedOut {
            throw RoutingFailure.timedOut("Routino: timed out after \(limit.secondsText) s")
        } catch {
            throw RoutingFailure.unavailable("Routino: cannot run \(programName): \(error)")
        }
        guard result.termination == .exited(0) else { throw failure(result) }
        return try Self.parse(result.stdout, topSpeedKmh: route.topSpeedKmh)
    }

    func arguments(from: Coordinate, to: Coordinate) -> [String] {
        // Fixed-point degrees: Swift's own formatting would write 1e-05.
        let degrees = { (value: Double) in String(format: "%.7f", value) }
        return [
            "--dir=\(databaseDirectory.path)", "--profile=\(vehicleProfile)", "--quickest",
            "--lat1=\(degrees(from.latitude))", "--lon1=\(degrees(from.longitude))",
            "--lat2=\(degrees(to.latitude))", "--lon2=\(degrees(to.longitude))",
            "--output-text-all", "--output-stdout", "--quiet",
        ] + profileArguments()
    }

    private var programName: String { (executable as NSString).lastPathComponent }

    /// Routino says why on stderr ("Error: Cannot find node close to specified point 1.").
    private func failure(_ result: ChildProcess.Result) -> RoutingFailure {
        let message = String(decoding: result.stderr, as: UTF8.self)
        if message.contains("Cannot find node close") { return .noRoute("Routino: no road near stop") }
        if message.contains("Cannot find") && message.contains("route") { return .noRoute("Routino: no route") }
        if message.contains("Cannot open file") {
            return .unavailable("Routino: cannot read the database in \(databaseDirectory.path)")
        }
        let firstLine = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let reason = TerminalSafe.line(String(firstLine.drop(while: { $0 == " " }).prefix(120)))
        switch result.termination {
        case let .signaled(signal):
            return .badAnswer("Routino: \(programName) was killed by signal \(signal)")
        case .exited:
            return .badAnswer(reason.isEmpty ? "Routino: \(programName) failed" : "Routino: \(reason)")
        }
    }

    /// The speed Debian's profiles give a ferry (`<speed highway="ferry" kph="10"/>`): the only sign of one in
    /// the text output, whose last column is the way's name, not its type.
    static let ferryKmh = 10.0

    /// `--output-text-all`: after `#` comment lines, one line per point, tab-separated: latitude, longitude,
    /// node, type, segment distance (km), segment duration (min), total distance (km), total duration (min),
    /// then speed, bearing and highway name (absent on the first point). A segment driven at the ferry's
    /// speed is counted as ferry (a road signed 10 km/h would be too: rare on a car's route, and said so).
    /// With `topSpeedKmh`, a segment Routino drove faster (its speed column) takes the time at the top speed;
    /// a ferry's does not.
    static func parse(_ output: Data, topSpeedKmh: Double = 0) throws -> RoutedLeg {
        var geometry: [Coordinate] = []
        var distanceKm = 0.0, minutes = 0.0, ferryKm = 0.0, ferryMinutes = 0.0, slowerMinutes = 0.0
        // Bytes, not Strings: a 1,000 km leg is 10,000 lines, and a matrix hundreds of legs.
        try output.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var lines = AnswerLines(raw.bindMemory(to: UInt8.self))
            while let fields = lines.next() {
                guard fields.count >= 8, let latitude = fields.number(0), let longitude = fields.number(1),
                      let point = try? Coordinate(latitude: latitude, longitude: longitude),
                      let totalKm = fields.number(6), let totalMinutes = fields.number(7),
                      totalKm.isFinite, totalMinutes.isFinite else {
                    throw RoutingFailure.badAnswer("Routino: unreadable answer")
                }
                geometry.append(point)
                distanceKm = totalKm
                minutes = totalMinutes
                guard let segmentKm = fields.number(4), let segmentMinutes = fields.number(5), segmentKm > 0,
                      segmentMinutes > 0, segmentKm.isFinite, segmentMinutes.isFinite else { continue }
                if abs(segmentKm / segmentMinutes * 60 - ferryKmh) < 0.5 {
                    ferryKm += segmentKm
                    ferryMinutes += segmentMinutes
                } else if topSpeedKmh > 0, fields.count > 8, let kmh = fields.number(8), kmh > topSpeedKmh + 0.5 {
                    // From the speed (whole km/h, as Routino drives it), not the time column: its hundredths of a
                    // minute would add up over a long leg.
                    slowerMinutes += segmentKm * 60 * (1 / topSpeedKmh - 1 / kmh)
                }
            }
        }
        guard !geometry.isEmpty else { throw RoutingFailure.badAnswer("Routino: empty answer") }
        return RoutedLeg(distanceKm: distanceKm, durationSeconds: (minutes + slowerMinutes) * 60, geometry: geometry,
                         source: .routino, ferryKm: min(ferryKm, distanceKm), ferrySeconds: min(ferryMinutes, minutes) * 60)
    }
}

/// The lines of Routino's text output that are not comments, each as its fields (split at tabs and spaces).
private struct AnswerLines {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    struct Fields {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where each field starts and ends in `bytes` (the first nine: a name's words do not matter).
        var ranges: [Range<Int>] = []
        var count: Int { ranges.count }

        /// The field as a number, as `strtod` reads it whole; nil when it is not one.
        func number(_ index: Int) -> Double? {
            let range = ranges[index]
            guard range.count < 64 else { return nil }
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> Double? in
                for (offset, byte) in bytes[range].enumerated() { buffer[offset] = CChar(bitPattern: byte) }
                buffer[range.count] = 0
                var end: UnsafeMutablePointer<CChar>?
                let value = strtod(buffer.baseAddress!, &end)
                return end == buffer.baseAddress! + range.count ? value : nil
            }
        }
    }

    mutating func next() -> Fields? {
        while position < bytes.count {
            var end = position
            while end < bytes.count && !Self.isLineBreak(bytes[end]) { end += 1 }
            defer { position = end + 1 }
            guard end > position, bytes[position] != UInt8(ascii: "#") else { continue }
            var fields = Fields(bytes: bytes)
            var start: Int?
            for index in position...end where fields.count < 9 {
                let separator = index == end || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: " ")
                if separator, let first = start {
                    fields.ranges.append(first..<index)
                    start = nil
                } else if !separator && start == nil {
                    start = index
                }
            }
            if !fields.ranges.isEmpty { return fields }
        }
        return nil
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 10 || byte == 13 || byte == 11 || byte == 12 }
}
