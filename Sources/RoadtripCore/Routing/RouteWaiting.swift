import Foundation

/// The work waiting for the engine, kept by requester: a requester's newest ask replaces its own older one
/// and nobody else's, and the engine takes the next piece from the most urgent requester (screens before
/// background work; of two alike, the one that asked last).
struct RouteWaiting {
    struct Leg {
        let key: LegKey
        let from: Coordinate
        let to: Coordinate
        /// Told when the answer arrives (`.routesArrived`).
        let trip: Trip.ID
        /// The engine for the trip's profile.
        let engine: RoutingEngine
    }

    /// A matrix with the known cells filled in, waiting for the engine to answer the open ones.
    struct Table {
        var matrix: LegMatrix
        /// Set when its caller stops waiting: the legs being asked are killed, the rest not asked.
        let cancel: TableCancel
        let completion: @Sendable (LegMatrix?) -> Void
        let engine: RoutingEngine
        /// The settings it was asked under (the trip's): its estimate for the legs the engine leaves.
        let settings: Settings
    }

    enum Work {
        case leg(Leg)
        case table(Table)
    }

    private struct Queue {
        /// Reversed: the next leg is the last.
        var legs: [Leg] = []
        var table: Table?
        /// When the requester last asked: the later goes first among equals.
        var asked: UInt64 = 0
    }

    private var queues: [RouteRequester: Queue] = [:]
    private var clock: UInt64 = 0
    /// Legs the engine answered or failed so far, a matrix's cells among them: what a command's progress counts.
    var answered = 0
    /// Cells of the matrix being asked now that are not answered yet.
    var answering = 0

    var isEmpty: Bool { queues.isEmpty }

    /// Legs waiting, the open cells of waiting matrices, and the cells of the one being asked.
    var left: Int {
        queues.values.reduce(answering) { $0 + $1.legs.count + ($1.table?.matrix.openCells.count ?? 0) }
    }

    mutating func replaceLegs(of requester: RouteRequester, with legs: [Leg]) {
        var queue = stamped(requester)
        queue.legs = legs.reversed()
        store(queue, for: requester)
    }

    /// Returns the table this one replaces, whose caller must be told it will have no answer.
    mutating func replaceTable(of requester: RouteRequester, with table: Table) -> Table? {
        var queue = stamped(requester)
        let replaced = queue.table
        queue.table = table
        store(queue, for: requester)
        return replaced
    }

    /// The next piece of work: the most urgent requester's next leg, then its table.
    mutating func next() -> Work? {
        guard let requester = queues.max(by: { ($0.key.priority, $0.value.asked) < ($1.key.priority, $1.value.asked) })?.key,
              var queue = queues[requester] else { return nil }
        let work: Work
        if let leg = queue.legs.popLast() {
            work = .leg(leg)
        } else if let table = queue.table {
            queue.table = nil
            work = .table(table)
        } else {
            return nil
        }
        store(queue, for: requester)
        return work
    }

    /// Everything waiting is dropped; returns the tables whose callers must be told.
    mutating func removeAll() -> [Table] {
        let tables = queues.values.compactMap(\.table)
        queues = [:]
        return tables
    }

    private mutating func stamped(_ requester: RouteRequester) -> Queue {
        clock += 1
        var queue = queues[requester] ?? Queue()
        queue.asked = clock
        return queue
    }

    private mutating func store(_ queue: Queue, for requester: RouteRequester) {
        queues[requester] = queue.legs.isEmpty && queue.table == nil ? nil : queue
    }
}

/// A matrix's caller has stopped waiting for it (set from its thread, read by the routing queue's runs).
public final class TableCancel: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }

    public var isCancelled: Bool { lock.withLock { cancelled } }
}
