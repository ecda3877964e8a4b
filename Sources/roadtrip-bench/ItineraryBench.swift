import Foundation
import RoadtripApp
import RoadtripCore
import RoadtripTestSupport
import TerminalUI

/// Figures of issues 11 and 21 for the itinerary on 500-stop trips:
/// - `itinerary.trip500`: the whole itinerary (legs, arrivals on each stop's clock, rests, visits, days, totals)
///   with every leg in the leg cache, as each frame of the trip screen gets it, plus the daylight the screens ask
///   for (each leg's dark, each night's sunset), on a trip from Chicago to Santa Monica across four zones whose
///   odd stops store no zone (an older file: found from the index) (1,000 runs, median and p99); each run moves
///   a stop, as the key `J` does, so the clock reuses the arrivals before the move and after the next night;
/// - `itinerary.trip500.full`: the same without a previous itinerary to reuse (a trip opened, a setting changed);
/// - `ui.keystroke.trip500.routing`: key to finished frame, on a trip across central Helsinki, on a 120x40 MemoryTerminal while a local
///   `osrm-routed` answers the 499 legs one by one and each answer redraws the screen (the answers are handed to
///   the loop as in the app: run before the key's frame). Median and p99 over the keys.
func runItineraryBenchmarks() {
    var generator = SeededGenerator(seed: 500)
    let stops = (0..<500).map { index in
        Waypoint(name: "Stop \(index)", latitude: Double.random(in: 60.165...60.178, using: &generator),
                 longitude: Double.random(in: 24.937...24.952, using: &generator), nights: index % 7 == 6 ? 1 : 0)
    }
    let trip = Trip(name: "Helsinki 500", startDate: CalendarDate("2027-06-12"), waypoints: stops)
    // Chicago to Santa Monica along a line, a night every 50th stop (about 6 h of driving a day, so rests), a visit
    // every 5th; every other stop stores its zone as a saved stop does, the rest have none yet.
    let west = (0..<500).map { index in
        let t = Double(index) / 499
        var stop = Waypoint(name: "West \(index)", latitude: 41.8781 + (34.0195 - 41.8781) * t,
                            longitude: -87.6298 + (-118.4912 + 87.6298) * t, nights: index % 50 == 49 ? 1 : 0,
                            stayMinutes: index % 5 == 4 ? 30 : 0)
        if index.isMultiple(of: 2) { stop = stop.fillingTimeZone() }
        return stop
    }
    let crossing = Trip(name: "West 500", startDate: CalendarDate("2027-06-12"), waypoints: west)
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-bench-itinerary-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    do {
        try cachedItinerary(crossing, scratch.appendingPathComponent("cached"))
        try keystrokesWhileRoutesArrive(trip, scratch.appendingPathComponent("arriving"))
    } catch {
        print("itinerary.error \(error)")
    }
}

/// Every leg in a cache on disk (as a reopened trip finds it), then the itinerary again and again.
private func cachedItinerary(_ trip: Trip, _ folder: URL) throws {
    let engine = OSRMEngine(baseURL: URL(string: "http://127.0.0.1:9")!)
    let cache = LegCache(directory: folder)
    let stops = trip.waypoints.map(\.coordinate)
    // The legs of the trip and of each trip with two neighbours swapped.
    let pairs = stops.indices.dropLast().map { (stops[$0], stops[$0 + 1]) } + stops.indices.dropLast().map { (stops[$0 + 1], stops[$0]) }
        + stops.indices.dropLast(2).map { (stops[$0], stops[$0 + 2]) }
    for (from, to) in pairs {
        var leg = EstimateEngine().leg(from: from, to: to)
        leg.source = .osrm
        leg.geometry = [from, to]
        cache.store(leg, identity: engine.identity, from: from, to: to)
    }
    cache.save()
    var settings = Settings()
    settings.router = .osrm
    let service = RouteService(settings: { settings }, makeEngine: { _ in engine },
                               cache: LegCache(directory: folder), water: WaterCrossing.bundled())
    var samples: [Double] = [], full: [Double] = []
    for run in 0...1_000 {
        // Stop `moved` one down, then back up on the next run: the trip of every other run is the original.
        var shown = trip
        let moved = 1 + (run / 2 * 37) % (trip.waypoints.count - 3)
        if run.isMultiple(of: 2) { shown.waypoints.swapAt(moved, moved + 1) }
        let start = DispatchTime.now().uptimeNanoseconds
        let itinerary = service.itinerary(for: shown, requester: .tripScreen)
        let daylight = ItineraryDaylight(trip: trip, itinerary: itinerary)
        var dark = 0, sunsets = 0
        for leg in itinerary.legs.indices where daylight.light(ofLeg: leg)?.arrivesAfterDark == true { dark += 1 }
        for day in itinerary.days where !day.isLast {
            if let date = day.date, case .day = daylight.daylight(at: day.endStop, on: date) { sunsets += 1 }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        guard itinerary.legs.allSatisfy({ $0.source == .osrm }), !service.isWorking else {
            throw BenchFailure("a leg was not found in the cache")
        }
        guard Set(itinerary.arrivals.map(\.timeZone.identifier)).count >= 4, itinerary.arrivals.contains(where: { $0.breaks > 0 }),
              dark < itinerary.legs.count, sunsets > 0 else {
            throw BenchFailure("the trip should cross four zones and take rests")
        }
        if run > 0 { samples.append(elapsed) }
        let fullStart = DispatchTime.now().uptimeNanoseconds
        let whole = Itinerary(trip: shown, legs: itinerary.legs, settings: settings)
        full.append(Double(DispatchTime.now().uptimeNanoseconds - fullStart) / 1e6)
        guard whole == itinerary else { throw BenchFailure("the reused clock differs from the whole one") }
    }
    report("itinerary.trip500", samples.sorted())
    report("itinerary.trip500.full", full.sorted())
}

private func keystrokesWhileRoutesArrive(_ trip: Trip, _ folder: URL) throws {
    let server = try LocalOSRMServer(graph: try RoutingTools.osrmGraph(for: RoutingTools.helsinkiExtract))
    defer { server.stop() }
    var settings = Settings()
    settings.router = .osrm
    settings.osrmURL = server.baseURL.absoluteString
    let terminal = MemoryTerminal(rows: 40, columns: 120)
    let session = RoadtripApplication.makeSession(
        repository: UnsavedRepository(trips: [trip]), places: nil, terminal: terminal,
        settings: settings, legCache: LegCache(directory: folder))
    let app = session.app
    app.render()
    app.handle(.enter)
    app.render()
    var samples: [Double] = []
    var arrivals = 0
    let feed = session.feed
    let counter = feed.subscribe { change in if case let .arrived(news) = change, news.inputs.contains(.routes) { arrivals += 1 } }
    let keys: [Key] = Array(repeating: .character("j"), count: 30) + Array(repeating: .character("k"), count: 30)
    let deadline = Date().addingTimeInterval(20)
    var index = 0
    while session.routes.isWorking || index < keys.count, Date() < deadline {
        let start = DispatchTime.now().uptimeNanoseconds
        app.runPosted()
        app.handle(keys[index % keys.count])
        app.render()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        index += 1
        usleep(500)  // a fast typist: 2,000 keys a second at most
    }
    app.runPosted()
    withExtendedLifetime(counter) {}
    // Random points in central Helsinki: some fall in the sea or off the extract's roads, and those legs stay
    // estimates with their reason. Every leg must have had its answer.
    let legs = session.routes.itinerary(for: trip).legs
    let routed = legs.filter { $0.source == .osrm }.count
    let refused = Dictionary(grouping: legs.compactMap(\.note), by: { $0 }).mapValues(\.count)
    guard routed + refused.values.reduce(0, +) == legs.count, arrivals > 0 else {
        throw BenchFailure("\(legs.count - routed) legs were never answered")
    }
    print("ui.keystroke.trip500.routing.legs \(routed) routed, \(legs.count - routed) refused "
          + "(\(refused.map { "\($0.value) × \($0.key)" }.sorted().joined(separator: "; "))), \(arrivals) redraws")
    report("ui.keystroke.trip500.routing", samples.sorted())
}

private func report(_ name: String, _ sorted: [Double]) {
    print("\(name).median \(String(format: "%.3f", UIBench.percentile(sorted, 0.5))) ms")
    print("\(name).p99 \(String(format: "%.3f", UIBench.percentile(sorted, 0.99))) ms")
}

private struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
