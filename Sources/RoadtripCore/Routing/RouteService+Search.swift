import Foundation

extension RouteService {
    /// The driving times an order of `stops` is searched on, waiting for the engine (blocks: the command line,
    /// or work off the loop); nil when `isCancelled` says so first, or the settings changed meanwhile. A pair
    /// without a road is a missing cell, which the solver avoids.
    ///
    /// Routino answers one leg per process, so when more than `routinoTableLimit` pairs are unknown the search
    /// weighs the estimate's matrix; so it does when the engine answered no cell at all (it is down).
    /// `searchedOnEstimates` says so (the totals shown are still routed).
    public func searchMatrix(_ stops: [Coordinate], of trip: Trip? = nil, requester: RouteRequester,
                             isCancelled: () -> Bool = { false }) -> (matrix: LegMatrix, searchedOnEstimates: Bool)? {
        let settings = trip.map(settings().applying) ?? settings()
        let estimate = { EstimateEngine(settings).table(stops) }
        if [.routino, .auto].contains(settings.router) && hasMoreUnknownPairs(stops, settings, than: Self.routinoTableLimit) {
            return (estimate(), true)
        }
        let answer = MatrixAnswer(), cancel = TableCancel()
        table(stops, of: trip, requester: requester, cancel: cancel) { answer.give($0) }
        guard let matrix = answer.wait(isCancelled: isCancelled) else {
            cancel.cancel()
            return nil
        }
        let answered = stops.indices.contains { from in stops.indices.contains { $0 != from && matrix[from, $0] != nil } }
        return answered || stops.count < 2 ? (matrix, false) : (estimate(), true)
    }

    /// The most pairs no engine answered before that a search asks Routino for: 21 stops when none is known, more
    /// when most are (a stop added to a trip optimised before). Each pair is a run of its own, as many at once as
    /// there are cores: 210 took 5.5 s on two cores in the generated country with its atlas (`make bench`:
    /// `routing.table.region15`, load 1–2), so 420 take about 11 s, 20 s on a machine twice as busy; a progress
    /// line says how far it is.
    public static let routinoTableLimit = 420
}

/// The one matrix a search waits for, handed over from the routing queue.
private final class MatrixAnswer: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var matrix: LegMatrix?

    func give(_ matrix: LegMatrix?) {
        lock.lock()
        self.matrix = matrix
        lock.unlock()
        ready.signal()
    }

    /// The matrix, or nil when none came (replaced) or `isCancelled` said so first (asked every 50 ms).
    func wait(isCancelled: () -> Bool) -> LegMatrix? {
        while ready.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if isCancelled() { return nil }
        }
        lock.lock()
        defer { lock.unlock() }
        return matrix
    }
}
