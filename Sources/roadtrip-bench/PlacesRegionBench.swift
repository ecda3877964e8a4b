import Foundation
import RoadtripCore

/// Issue 24's `places.query` figure with a region loaded, and issue 35's cold lookup with it installed: a generated
/// region of 100,000 places and 200,000 POIs (Norway's box, names from syllables, some `name:en` and old names; POIs
/// in every category, a tenth unnamed), written as `region add` writes it (its tables with `RegionTable`, its search
/// index with `RegionSearchFile`) into the scratch home's regions, and mapped as commands and the app map it. Lines:
/// places.region.count, places.region.build (writing its search index: what `region add` spends on it),
/// places.region.load, places.region.rss (what mapping it added to the resident memory), then the gazetteer's query
/// list plus region names, kind words and "X near Y" through `PlaceFinder` (cache off, median of 5 runs per query):
/// places.query.region.median, .p99, .max; then places.cold.region (`PlacesColdBench`).
func runRegionPlacesBenchmarks(_ index: PlaceIndex, queries: [(text: String, near: (latitude: Double, longitude: Double)?)],
                               home: URL, scripts: URL) {
    let folder = home.appendingPathComponent("data/roadtrip/regions")
    let region: (names: [String], english: [String], buildMs: Double)
    do {
        region = try writeRegion(into: folder.appendingPathComponent("bench"), places: 100_000, pois: 200_000)
    } catch {
        print("places.region.error \(error)")
        return
    }
    let rssBefore = residentMegabytes()
    let started = DispatchTime.now().uptimeNanoseconds
    let regions = RegionPlaceIndex.load(InstalledRegions.scan(folder))
    let loadMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    let rssAdded = residentMegabytes() - rssBefore
    guard regions.skipped.isEmpty else {
        print("places.region.error \(regions.skipped.joined(separator: "; "))")
        return
    }
    let finder = PlaceFinder(places: index, regions: regions)

    var generator = SplitMix64(seed: 24)
    var all = queries
    let kinds = ["fuel", "camp", "hotel", "charger", "viewpoint", "museum", "ferry", "rest area", "sleep", "waterfall"]
    let oslo = (latitude: 59.91, longitude: 10.75), tromso = (latitude: 69.65, longitude: 18.96)
    for i in 0..<40 {
        let name = region.names[Int(generator.next() % UInt64(region.names.count))]
        all.append((name, i % 2 == 0 ? oslo : nil))
        all.append((String(name.prefix(4)), i % 2 == 0 ? tromso : nil))
        all.append((region.english[Int(generator.next() % UInt64(region.english.count))], nil))
        all.append((kinds[i % kinds.count], i % 3 == 0 ? nil : (i % 2 == 0 ? oslo : tromso)))
        all.append(("\(kinds[(i + 3) % kinds.count]) near \(name)", nil))
    }
    for query in all { _ = finder.query(query.text, limit: 10, near: query.near, useCache: false) }   // warm-up
    var runs = [[Double]](repeating: [], count: all.count)
    for _ in 0..<5 {
        for (i, query) in all.enumerated() {
            let t0 = DispatchTime.now().uptimeNanoseconds
            _ = finder.query(query.text, limit: 10, near: query.near, useCache: false)
            runs[i].append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
    }
    var samples = runs.map { $0.sorted()[$0.count / 2] }
    if ProcessInfo.processInfo.environment["PLACES_BENCH_VERBOSE"] != nil {
        for (i, micros) in samples.enumerated().sorted(by: { $0.element > $1.element }).prefix(10) {
            print(String(format: "  %8.1f us  ", micros) + all[i].text)
        }
    }
    samples.sort()
    print(String(format: "places.region.count %d places, %d POIs", regions.placeCount, regions.poiCount))
    print(String(format: "places.region.build %.1f ms", region.buildMs))
    print(String(format: "places.region.load %.1f ms", loadMs))
    print(String(format: "places.region.rss %.1f MB", rssAdded))
    print(String(format: "places.query.region.median %.1f us", samples[samples.count / 2]))
    print(String(format: "places.query.region.p99 %.1f us",
                 samples[min(samples.count - 1, Int((Double(samples.count - 1) * 0.99).rounded()))]))
    print(String(format: "places.query.region.max %.1f us", samples.last ?? 0))
    withExtendedLifetime(regions) {}
    PlacesColdBench.run("places.cold.region", home: home, scripts: scripts)
}

/// Writes the generated region's tables, search index and manifest; returns its place names and English names, and
/// how long its search index took to write.
private func writeRegion(into folder: URL, places placeCount: Int, pois poiCount: Int) throws
    -> (names: [String], english: [String], buildMs: Double) {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var generator = SplitMix64(seed: 2024)
    func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
    func unit() -> Double { Double(generator.next() >> 11) / Double(1 << 53) }
    let starts = ["Vest", "Aust", "Nord", "Sør", "Kval", "Fjell", "Stor", "Lille", "Ny", "Gamle", "Berg", "Dal", "Holm",
                  "Sand", "Ås", "Bjørk", "Elv", "Fos", "Hamar", "Lund", "Mo", "Ski", "Stein", "Strand", "Å", "Øy"]
    let middles = ["", "", "a", "e", "er", "en", "ing", "set", "vik", "nes", "by", "bø"]
    let ends = ["vik", "nes", "by", "dal", "stad", "heim", "land", "fjord", "øy", "haug", "bakken", "våg", "sund", "li"]
    let placeKinds = ["hamlet", "hamlet", "hamlet", "village", "village", "isolated_dwelling", "locality", "town"]
    var places: [RegionFeature] = [], names: [String] = [], english: [String] = []
    func point() -> (Double, Double) { (58 + 13 * unit(), 4.5 + 26 * unit()) }
    for i in 0..<placeCount {
        let name = pick(starts) + pick(middles) + pick(ends)
        let (lat, lon) = point()
        let en = i % 5 == 0 ? pick(["West", "East", "North", "South", "Little", "Great"]) + pick(["bay", "ness", "dale", "ford", "holm"]) : ""
        places.append(RegionFeature(osmID: "n\(1_000_000_000 + i)", latitude: lat, longitude: lon, kind: pick(placeKinds),
                                    population: i % 4 == 0 ? Int(generator.next() % 3000) : 0, name: name,
                                    englishName: en, otherNames: i % 10 == 0 ? [name + "en"] : []))
        names.append(name)
        if !en.isEmpty { english.append(en) }
    }
    let words: [POICategory: [String]] = [.sleep: ["Hotell", "Camping", "Gjestehus", "Hytte"], .fuel: ["Bensin", "Drivstoff"],
                                          .charge: ["Lading", "Hurtiglader"], .see: ["Utsikt", "Museum", "Fossen", "Tind"],
                                          .rest: ["Rasteplass"], .ferry: ["Ferjekai"]]
    let weighted: [POICategory] = [.sleep, .sleep, .sleep, .fuel, .fuel, .charge, .see, .see, .see, .see, .rest, .ferry]
    var pois: [RegionFeature] = []
    for i in 0..<poiCount {
        let category = pick(weighted)
        let kind = pick(POICategory.tags.filter { $0.category == category }).value
        let near = places[Int(generator.next() % UInt64(placeCount))]
        pois.append(RegionFeature(osmID: "n\(2_000_000_000 + i)", latitude: near.latitude + (unit() - 0.5) * 0.1,
                                  longitude: near.longitude + (unit() - 0.5) * 0.2, kind: kind, category: category,
                                  name: i % 10 == 0 ? "" : "\(near.name) \(pick(words[category] ?? ["Sted"]))",
                                  otherNames: category == .fuel ? [pick(["Circle K", "Esso", "Shell", "Uno-X"])] : []))
    }
    let region = InstalledRegion(folder: folder, manifest: RegionManifest(
        name: "bench", source: "generated", sourceBytes: 0, built: "2026-01-01T00:00:00Z",
        outline: RegionOutline(west: 4.5, south: 58, east: 30.5, north: 71), places: placeCount, pois: poiCount))
    try RegionTable.write(places, to: region.placesFile)
    try RegionTable.write(pois, to: region.poisFile)
    let started = DispatchTime.now().uptimeNanoseconds
    try RegionSearchFile.write(places: places, pois: pois, name: "bench", into: folder)
    let buildMs = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
    try JSONEncoder().encode(region.manifest).write(to: folder.appendingPathComponent(InstalledRegion.manifestName))
    return (names, english, buildMs)
}
