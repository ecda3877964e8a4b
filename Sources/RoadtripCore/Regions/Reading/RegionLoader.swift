import Foundation

/// The installed regions' places, POIs and outlines (`RegionData`), read in the background and read again when
/// the regions directory changes (`followEvery`): a region added with `roadtrip region add` in another shell is
/// searched and used along the road within about that many seconds, without a restart.
///
/// ```swift
/// let regions = RegionLoader(startNow: false, followEvery: 1)
/// regions.onChange = { revision in late.arrived(.regions) }   // the app tells its screens (`LateData`)
/// regions.start()                        // after the first frame
/// regions.value?.places                  // what it has now (nil before the first read)
/// regions.wait().pois                    // a command, or work off the loop
/// ```
public final class RegionLoader: @unchecked Sendable {
    private let directory: URL
    private let cacheDirectory: URL?
    private let queue: DispatchQueue
    private let followEvery: TimeInterval?
    private let condition = NSCondition()
    private var data: RegionData?
    private var stamp: RegionsStamp?
    private var currentRevision = 0
    private var started = false
    private var changeCallback: (@Sendable (Int) -> Void)?
    private var timer: DispatchSourceTimer?

    /// Starts the first read at once unless `startNow` is false (then at `start()` or `wait()`); from then on,
    /// with `followEvery`, looks at the directory every that many seconds and reads it again when it changed.
    /// `cacheDirectory` keeps the place search of several regions (`RegionPlaceIndex.load`).
    public init(directory: URL = InstalledRegions.defaultDirectory(), cacheDirectory: URL? = nil,
                qos: DispatchQoS.QoSClass = .utility, startNow: Bool = true, followEvery: TimeInterval? = nil) {
        self.directory = directory
        self.cacheDirectory = cacheDirectory
        queue = DispatchQueue(label: "roadtrip.regions", qos: DispatchQoS(qosClass: qos, relativePriority: 0))
        self.followEvery = followEvery
        if startNow { start() }
    }

    deinit {
        timer?.cancel()
    }

    /// Starts reading if it has not started.
    public func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        queue.async { [self] in read() }
        if let followEvery {
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + followEvery, repeating: followEvery, leeway: .milliseconds(100))
            timer.setEventHandler { [weak self] in self?.readIfChanged() }
            timer.resume()
            self.timer = timer
        }
    }

    /// 0 before the first read; one more after each read completes (the first, and each after a change).
    public var revision: Int {
        condition.lock()
        defer { condition.unlock() }
        return currentRevision
    }

    /// The latest read; nil before the first completes.
    public var value: RegionData? {
        condition.lock()
        defer { condition.unlock() }
        return data
    }

    /// Blocks until the first read completes (starting it), then returns the latest.
    public func wait() -> RegionData {
        start()
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data!
    }

    /// Called on the reading thread after every read completes, with the new `revision` (set it before `start()`
    /// to hear of the first read too).
    public var onChange: (@Sendable (Int) -> Void)? {
        get {
            condition.lock()
            defer { condition.unlock() }
            return changeCallback
        }
        set {
            condition.lock()
            changeCallback = newValue
            condition.unlock()
        }
    }

    /// On `queue`: the directory as it is now, then its regions.
    private func read() {
        let before = RegionsStamp(directory)
        let read = RegionData.read(InstalledRegions.scan(directory), cacheDirectory: cacheDirectory)
        condition.lock()
        data = read
        stamp = before
        currentRevision += 1
        let (revision, changed) = (currentRevision, changeCallback)
        condition.broadcast()
        condition.unlock()
        changed?(revision)
    }

    /// On `queue` (the timer's): reads again when a region was added, rebuilt, removed or damaged since.
    private func readIfChanged() {
        condition.lock()
        let last = stamp
        condition.unlock()
        if RegionsStamp(directory) != last { read() }
    }
}
