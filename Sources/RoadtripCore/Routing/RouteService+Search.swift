import Foundation

extension RouteService {
    /// The driving times an order of `stops` is searched on, waiting for the engine (blocks: the command line,
    /// or work off the loop); nil when `isCancelled` says so first, or the settings changed meanwhile. A pair
    /// without a road is a missing cell, which the solver avoids.
    ///
    /// Routino answers one leg per process, minutes for a big trip, so past `routinoTableLimit` stops the search
    /// weighs the estimate's matrix; so it does when the engine answered no cell at all (it is down).
    /// `searchedOnEstimates` says so (the totals shown are still routed).
    public func searchMatrix(_ stops: [Coordinate], requester: RouteRequester, isCancelled: () -> Bool = { false })
        -> (matrix: LegMatrix, searchedOnEstimates: Bool)? {
        let settings = settings()
        let estimate = { EstimateEngine(settings).table(stops) }
        if [.routino, .auto].contains(settings.router) && stops.count > Self.routinoTableLimit { return (estimate(), true) }
        let answer = MatrixAnswer(), cancel = TableCancel()
        table(stops, requester: requester, cancel: cancel) { answer.give($0) }
        guard let matrix = answer.wait(isCancelled: isCancelled) else {
            cancel.cancel()
            return nil
        }
        let answered = stops.indices.contains { from in stops.indices.contains { $0 != from && matrix[from, $0] != nil } }
        return answered || stops.count < 2 ? (matrix, false) : (estimate(), true)
    }

    /// The most stops whose matrix Routino is asked for, one process per pair.
    public static let routinoTableLimit = 15
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
