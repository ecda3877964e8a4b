import Foundation

extension RoutinoEngine {
    /// The long leg from `from` to `to` through the main roads, every part at once: to each entry junction and from
    /// each exit junction on the full database, between each two on the atlas (main roads only); the quickest of
    /// these roads. A real road all the way; where a stop reaches the main roads another way than the quickest,
    /// a little slower than it (the bench measures how much). nil when no combination has an answer (a junction cut
    /// off by a closed ferry): the direct search decides then.
    func viaMainRoads(_ from: Coordinate, entries: [Coordinate], exits: [Coordinate], _ to: Coordinate, atlas: RoutinoAtlas,
                      isCancelled: (() -> Bool)?) throws -> RoutedLeg? {
        let main = RoutinoEngine(databaseDirectory: atlas.directory, profile: profile, executable: executable, timeout: timeout,
                                 route: route)
        let middles = entries.flatMap { entry in exits.map { (entry, $0) } }
        let parts = entries.map { (self, from, $0) } + exits.map { (self, $0, to) } + middles.map { (main, $0.0, $0.1) }
        let answers = Answers(count: parts.count)
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let (engine, start, end) = parts[index]
            // A stop on a junction: no way to it.
            guard start != end else {
                return answers.set(index, .success(RoutedLeg(distanceKm: 0, durationSeconds: 0, geometry: [start], source: .routino)))
            }
            answers.set(index, Result {
                try Self.partsKnown.leg(engine, start, end, built: atlas.built) {
                    try engine.direct(from: start, to: end, isCancelled: isCancelled)
                }
            })
        }
        let legs = try answers.legs()
        var best: RoutedLeg?
        for (index, (entry, exit)) in middles.enumerated() {
            guard let first = legs[entries.firstIndex(of: entry)!], let middle = legs[entries.count + exits.count + index],
                  let last = legs[entries.count + exits.firstIndex(of: exit)!] else { continue }
            let whole = [first, middle, last]
            let leg = RoutedLeg(distanceKm: whole.reduce(0) { $0 + $1.distanceKm },
                                durationSeconds: whole.reduce(0) { $0 + $1.durationSeconds },
                                geometry: first.geometry + middle.geometry.dropFirst() + last.geometry.dropFirst(),
                                source: .routino, ferryKm: whole.reduce(0) { $0 + $1.ferryKm },
                                ferrySeconds: whole.reduce(0) { $0 + $1.ferrySeconds })
            if leg.durationSeconds < best?.durationSeconds ?? .infinity { best = leg }
        }
        return best
    }

    /// The parts asked in this process: a matrix's legs from one stop often reach the main roads at the same
    /// junction, and its legs between two regions of a country share their middles.
    private static let partsKnown = Parts()

    private final class Parts: @unchecked Sendable {
        private let lock = NSLock()
        private var legs: [String: RoutedLeg] = [:]
        /// About 4 MB of road shapes at most; forgotten all at once when full (a new matrix will ask its own).
        private let limit = 2_000

        func leg(_ engine: RoutinoEngine, _ from: Coordinate, _ to: Coordinate, built: Date,
                 ask: () throws -> RoutedLeg) throws -> RoutedLeg {
            let key = "\(engine.identity) \(built.timeIntervalSince1970) \(from.latitude),\(from.longitude) \(to.latitude),\(to.longitude)"
            if let known = lock.withLock({ legs[key] }) { return known }
            let leg = try ask()
            lock.withLock {
                if legs.count >= limit { legs.removeAll() }
                legs[key] = leg
            }
            return leg
        }
    }

    private final class Answers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [Result<RoutedLeg, Error>?]

        init(count: Int) { answers = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ answer: Result<RoutedLeg, Error>) { lock.withLock { answers[index] = answer } }

        /// Each part's leg, nil where it has none; throws when one was cancelled.
        func legs() throws -> [RoutedLeg?] {
            try lock.withLock {
                try answers.map { answer in
                    if case .failure(is CancellationError) = answer { throw CancellationError() }
                    return try? answer?.get()
                }
            }
        }
    }
}
