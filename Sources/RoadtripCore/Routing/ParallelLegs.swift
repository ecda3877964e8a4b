import Foundation

/// The open cells of a matrix asked one leg at a time, several at once: an engine that runs a process per leg
/// (Routino) keeps every core busy, since its runs share nothing but the database's pages.
enum ParallelLegs {
    /// One run per core, at most 8: more only queue for the cores, and each holds its own search in memory.
    static var workers: Int { min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Asks `leg` for each open cell of `matrix`. As `LegMatrix(_:source:leg:)`: a pair without a road is a cell
    /// with its reason, and an engine that is down or timed out ends the whole matrix (the runs under way finish
    /// first). `work.isCancelled` ends it with `CancellationError`; the legs answered before are told all the same.
    static func fill(_ matrix: LegMatrix, _ work: TableWork, workers: Int = workers,
                     leg: @escaping @Sendable (Coordinate, Coordinate) throws -> RoutedLeg) throws -> LegMatrix {
        let cells = matrix.openCells
        guard !cells.isEmpty else { return matrix }
        let shared = Shared(matrix, cells: cells, isCancelled: work.isCancelled)
        DispatchQueue.concurrentPerform(iterations: min(max(1, workers), cells.count)) { _ in
            while let (from, to) = shared.next() {
                let outcome: Result<RoutedLeg, RoutingFailure>
                do {
                    outcome = .success(try leg(matrix.stops[from], matrix.stops[to]))
                } catch let failure as RoutingFailure {
                    outcome = .failure(failure)
                } catch is CancellationError {
                    shared.end(CancellationError())
                    return
                } catch {
                    outcome = .failure(.badAnswer("\(matrix.source.engineName): \(error)"))
                }
                shared.record(outcome, from: from, to: to)
                work.answered(from, to, outcome)
            }
        }
        return try shared.result()
    }

    /// The matrix being filled and the cells not yet handed out, shared by the runs.
    private final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var matrix: LegMatrix
        private var cells: ArraySlice<(from: Int, to: Int)>
        private var ended: Error?
        private let isCancelled: @Sendable () -> Bool

        init(_ matrix: LegMatrix, cells: [(from: Int, to: Int)], isCancelled: @escaping @Sendable () -> Bool) {
            self.matrix = matrix
            self.cells = cells[...]
            self.isCancelled = isCancelled
        }

        /// The next cell to ask; nil when none is left or the matrix has ended.
        func next() -> (Int, Int)? {
            if isCancelled() { end(CancellationError()) }
            return lock.withLock { ended == nil ? cells.popFirst() : nil }
        }

        func end(_ error: Error) {
            lock.withLock { ended = ended ?? error }
        }

        func record(_ outcome: Result<RoutedLeg, RoutingFailure>, from: Int, to: Int) {
            lock.withLock {
                switch outcome {
                case let .success(leg): matrix.set(leg, from: from, to: to)
                case let .failure(failure):
                    switch failure {
                    case .unavailable, .timedOut: ended = ended ?? failure
                    case .noRoute, .badAnswer: matrix.fail(from: from, to: to, failure.description)
                    }
                }
            }
        }

        func result() throws -> LegMatrix {
            if isCancelled() { end(CancellationError()) }
            return try lock.withLock {
                if let ended { throw ended }
                return matrix
            }
        }
    }
}
