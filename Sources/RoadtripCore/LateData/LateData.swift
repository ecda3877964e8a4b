import Foundation

/// The one door for data that arrives late (`LateInput`): what loads each input, its revision, whether it is in,
/// and the one event that tells the screens (`DataChange.arrived`). Injected, never shared; thread-safe.
///
/// The app's (`init(feed:deliver:)`) never waits on its loop: a figure uses what is in now (`isIn` answers at
/// once) and is worked out again when the rest arrives. The command line's (`init()`) has no loop to come back
/// to: `isIn` waits for the input, starting its load. Work off the loop waits the same way (`ready(for:)`), so
/// its figures are the ones the screen shows once everything is in.
public final class LateData: @unchecked Sendable {
    private let condition = NSCondition()
    private var revisions = Revisions()
    /// The same, counting only the arrivals that changed every trip's figures (`LateArrival.perTrip`).
    private var everyTripRevisions = Revisions()
    /// Inputs being loaded or answered, not in yet.
    private var out: Set<LateInput> = []
    private var loaders: [LateInput: () -> Void] = [:]
    private var unpublished: LateArrival?
    /// Arrivals in but whose news is not yet handed to the loop: waits end after them.
    private var posting = 0
    private let feed: ChangeFeed?
    private let deliver: ((@escaping () -> Void) -> Void)?

    /// The command line's: reading an input waits for it.
    public init() {
        feed = nil
        deliver = nil
    }

    /// The app's: `deliver` runs a closure on the loop (`Application.post`), which publishes one `.arrived` for
    /// whatever arrived meanwhile.
    public init(feed: ChangeFeed, deliver: @escaping (@escaping () -> Void) -> Void) {
        self.feed = feed
        self.deliver = deliver
    }

    /// Whether readers wait for an input (the command line) rather than use what is in.
    public var waits: Bool { feed == nil }

    /// `load` brings `input` in, off the caller's thread, and calls `arrived(input)` when done (failed or not).
    /// It runs once: at `start`, or at the first wait for the input.
    public func register(_ input: LateInput, load: @escaping () -> Void) {
        condition.withLock {
            loaders[input] = load
            out.insert(input)
        }
    }

    /// Starts loading `inputs` (those registered and not started): the app, once its first frame is drawn.
    public func start(_ inputs: Set<LateInput> = Set(LateInput.allCases)) {
        let loads = condition.withLock {
            inputs.compactMap { loaders.removeValue(forKey: $0) }
        }
        for load in loads { load() }
    }

    /// The revision of every input now.
    public var current: Revisions {
        condition.withLock { revisions }
    }

    /// The revisions of the arrivals that changed every trip: a list that redoes the trips named by the others
    /// (`routedTrips`) needs to redo every trip only when one of these moved.
    public var currentForEveryTrip: Revisions {
        condition.withLock { everyTripRevisions }
    }

    /// Whether `input` may be read now. The command line waits for it first.
    public func isIn(_ input: LateInput) -> Bool {
        if waits { return ready(for: [input]) }
        return condition.withLock { !out.contains(input) }
    }

    /// Blocks until every one of `inputs` is in (starting the loads not started), or until `timeout`; returns
    /// whether they are. An input nothing loads is in.
    @discardableResult
    public func ready(for inputs: Set<LateInput>, timeout: TimeInterval = .infinity) -> Bool {
        start(inputs)
        let deadline = Date().addingTimeInterval(min(timeout, 1e9))
        condition.lock()
        defer { condition.unlock() }
        while !out.isDisjoint(with: inputs) || posting > 0 {
            guard condition.wait(until: deadline) else { return out.isDisjoint(with: inputs) }
        }
        return true
    }

    /// `input` is being answered again (a routing engine at work): not in until `arrived(_:settled: true)`.
    public func unsettled(_ input: LateInput) {
        condition.withLock { _ = out.insert(input) }
    }

    /// `input` is in again and nothing in it changed (a measure that answered what was drawn): no news to publish.
    public func settled(_ input: LateInput) {
        condition.withLock {
            out.remove(input)
            condition.broadcast()
        }
    }

    /// `input` changed, from any thread: its revision goes up and the screens hear of it on the loop, with
    /// whatever else arrives before then, in one `.arrived`. `routedTrips`: the trips it changed, when not all (a
    /// routing engine's answers are always per trip). `settled`: the input is in (false while a routing engine
    /// has more to answer).
    public func arrived(_ input: LateInput, routedTrips: Set<Trip.ID> = [], settled: Bool = true) {
        let perTrip = input == .routes || !routedTrips.isEmpty
        let arrival = LateArrival([input], routedTrips: routedTrips, perTrip: perTrip ? [input] : [])
        condition.lock()
        revisions.bump(input)
        if !perTrip { everyTripRevisions.bump(input) }
        // In before its news is published, so that the screens reading it then find it in.
        if settled { out.remove(input) }
        let post = unpublished == nil && feed != nil
        if feed != nil { unpublished = unpublished?.merged(with: arrival) ?? arrival }
        if post { posting += 1 }
        condition.unlock()
        guard post, let deliver else { return condition.withLock { condition.broadcast() } }
        deliver { [weak self] in self?.publish() }
        // Whoever waited for it (`ready(for:)`) returns once the news is on the loop's queue.
        condition.withLock {
            posting -= 1
            condition.broadcast()
        }
    }

    /// `input` was changed by the loop itself (the Settings screen, the settings file followed): the screens hear
    /// of it before the next frame, with whatever else arrived meanwhile.
    public func changedOnLoop(_ input: LateInput) {
        arrived(input)
        publish()
    }

    /// On the loop: what arrived since the last time, as one event.
    private func publish() {
        guard let arrival = condition.withLock({ () -> LateArrival? in
            defer { unpublished = nil }
            return unpublished
        }) else { return }
        feed?.publish(.arrived(arrival))
    }
}
